import { availableParallelism } from 'node:os';
import ort from 'onnxruntime-node';

/**
 * ONNX models run by onnxruntime-node on the CPU (ARCHITECTURE.md, "AI options": models from npm only, loaded once
 * per worker). A session is made the first time a model is used, never at start-up (a node that never blurs a
 * plate never pays its 20 MB and 300 ms), and kept for the life of the process: every later call shares it.
 */

export type Tensor = ort.Tensor;

/**
 * Threads one model run may use: the machine's cores up to two. The workers share the cores with ffmpeg and
 * sharp, and a model run past two threads gains little on the small pictures we hand it.
 */
const THREADS = Math.max(1, Math.min(2, availableParallelism()));

const sessions = new Map<string, Promise<ort.InferenceSession>>();

/** The session of the model at `file`, made once per process (a failed load is forgotten, to be tried again). */
export function sessionOf(file: string): Promise<ort.InferenceSession> {
  let session = sessions.get(file);
  if (!session) {
    session = ort.InferenceSession.create(file, {
      executionProviders: ['cpu'],
      intraOpNumThreads: THREADS,
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
    });
    sessions.set(file, session);
    session.catch(() => sessions.delete(file));
  }
  return session;
}

/** A float tensor of `dims` over `data` (NCHW for the image models). */
export function floatTensor(data: Float32Array, dims: readonly number[]): ort.Tensor {
  return new ort.Tensor('float32', data, dims);
}

/** Runs the model on one input; answers its first output's data and dimensions. */
export async function runModel(
  session: ort.InferenceSession,
  input: ort.Tensor,
): Promise<{ data: Float32Array; dims: readonly number[] }> {
  const inputName = session.inputNames[0]!;
  const outputName = session.outputNames[0]!;
  const result = await session.run({ [inputName]: input });
  const output = result[outputName]!;
  const data = output.data as Float32Array;
  const dims = output.dims;
  return { data, dims };
}
