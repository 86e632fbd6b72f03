import {
  findTurn,
  framesByAngle,
  interpolate,
  loopJump,
  nearestCandidates,
  positionTimes,
  reverseForCorrection,
  spinDirection,
  spinOrder,
} from '@spinyard/domain';
import type { SpinCandidate } from '../../platform/media/media.ts';

/** Width of the loop's signatures, in pixels (see docs/decisions.md, the seamless loop). */
export const SIGNATURE_WIDTH = 32;

/**
 * The temporary disk a row's decode passes may fill with raw candidates (frame-extract.ts, `rawCandidateBytes`; a
 * merged row's videos each get their share of the row's length, the renders take raw and JPEG alike): a 1080p
 * spin of 36 frames (144 candidates, 448 MB at most, fewer at the early close) skips their JPEG encoding, a fifth of
 * its pass's CPU; larger spins (4K, or 72 frames and more) keep JPEG candidates, about a tenth of the size.
 */
export const RAW_CANDIDATE_BYTES = 512 * 1024 * 1024;

/** One row's decode pass: the loop's signatures and the candidate frames, on the row's clock. */
export interface Extracted {
  frames: Uint8Array[];
  times: number[];
  candidates: SpinCandidate[];
  /** Where the decoding stopped on the row's clock, when it stopped at the early close. */
  stoppedAt?: number;
}

/**
 * The spin of one row (issue 18, domain media/turn.ts): one turn found by what the frames show, the candidates
 * chosen evenly by angle over it (never the same angle twice, never a step back), the direction read on the moving
 * frames, and the verdict the dealer sees before publishing.
 */
export function planRow(extracted: Extracted, frameCount: number, rotationCorrection: boolean) {
  const reading = findTurn(extracted.frames, SIGNATURE_WIDTH);
  const candidateAngles = extracted.candidates.map((c) => interpolate(extracted.times, reading.angles, c.seconds));
  let chosen = framesByAngle(candidateAngles, frameCount, reading.turnAngle);
  // Fewer candidates than frames (a video shorter than its frame count): every candidate, each once.
  if (chosen.length === 0) chosen = extracted.candidates.map((_, i) => i);
  const moving = extracted.frames.filter(
    (_, i) => i < reading.close && (i === 0 || reading.angles[i]! > reading.angles[i - 1]!),
  );
  const direction = spinDirection(moving, { width: SIGNATURE_WIDTH });
  const reversed = rotationCorrection && reverseForCorrection(direction.direction);
  const order = spinOrder(chosen.length, reversed);
  // How the wrap looks, measured on the signatures nearest to the chosen frames (for support and the benches).
  const signatureFrames = nearestCandidates(
    order.map((k) => extracted.candidates[chosen[k]!]!.seconds),
    extracted.times,
  );
  const jump = signatureFrames.length >= 3 ? loopJump(extracted.frames, signatureFrames) : undefined;
  const share = (angle: number) => (reading.turnAngle > 0 ? angle / reading.turnAngle : 0);
  const loop = {
    outcome: reading.outcome,
    // What the dealer is to be told before publishing (one_turn says nothing).
    verdict: reading.verdict,
    extra_turn: reading.extraTurn,
    close_seconds: positionTimes([reading.close], extracted.times)[0] ?? null,
    close_difference: reading.closeDifference,
    step_difference: reading.stepDifference,
    noise: reading.noise,
    moving_signatures: reading.moving,
    jump_ratio: jump && Number.isFinite(jump.ratio) ? jump.ratio : null,
    jump_local_ratio: jump && Number.isFinite(jump.localRatio) ? jump.localRatio : null,
    direction: direction.direction,
    mean_shift: direction.meanShift,
    reversed,
    frame_times: order.map((k) => extracted.candidates[chosen[k]!]!.seconds),
    // Each frame's angle as a share of the turn, in the spin's order.
    frame_turns: order.map((k) => share(candidateAngles[chosen[k]!]!)),
    signatures: extracted.frames.length,
    candidates: extracted.candidates.length,
    // The decoding stopped at the early close: the video's seconds decoded, else null (decoded whole).
    decoded_seconds: extracted.stoppedAt ?? null,
  };
  return { files: order.map((k) => extracted.candidates[chosen[k]!]!.file), loop };
}
