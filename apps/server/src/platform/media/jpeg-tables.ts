/**
 * JPEGs from ffmpeg as libjpeg makes them: ffmpeg's MJPEG encoder quantises with one MPEG matrix for luminance and
 * colour alike, scaled by a `qscale`, which spends as many bits on colour as on detail and makes larger files for the
 * same picture. Given the IJG tables at a libjpeg quality (the scale sharp's `quality` uses), one for luminance and
 * one for chrominance, with optimal Huffman tables, its files match libjpeg-turbo's in size and fidelity.
 */

/** The standard luminance and chrominance tables of the JPEG standard (Annex K), row by row. */
// biome-ignore format: an 8x8 table reads as rows
const LUMINANCE = [
  16, 11, 10, 16, 24, 40, 51, 61,
  12, 12, 14, 19, 26, 58, 60, 55,
  14, 13, 16, 24, 40, 57, 69, 56,
  14, 17, 22, 29, 51, 87, 80, 62,
  18, 22, 37, 56, 68, 109, 103, 77,
  24, 35, 55, 64, 81, 104, 113, 92,
  49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];
// biome-ignore format: an 8x8 table reads as rows
const CHROMINANCE = [
  17, 18, 24, 47, 99, 99, 99, 99,
  18, 21, 26, 66, 99, 99, 99, 99,
  24, 26, 56, 99, 99, 99, 99, 99,
  47, 66, 99, 99, 99, 99, 99, 99,
  ...new Array<number>(32).fill(99),
];

/** The tables libjpeg uses at a quality of 1..100 (its `jpeg_quality_scaling`), as ffmpeg's matrix options take them. */
export function ijgTables(quality: number): { luminance: number[]; chrominance: number[] } {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  const scaled = (table: number[]) => table.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
  return { luminance: scaled(LUMINANCE), chrominance: scaled(CHROMINANCE) };
}

/** ffmpeg's encoder arguments for a JPEG at a libjpeg quality (1..100). */
export function mjpegArgs(quality: number): string[] {
  const tables = ijgTables(quality);
  return [
    ...['-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-huffman', 'optimal'],
    // A qscale of 8 makes ffmpeg write the matrices as given (it scales them by qscale / 8).
    ...['-q:v', '8', '-intra_matrix', tables.luminance.join(','), '-chroma_intra_matrix', tables.chrominance.join(',')],
  ];
}
