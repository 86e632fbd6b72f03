/**
 * What a licence plate looks like, to keep plates among the text a detector finds on a car and drop the rest
 * (badges, model names, stickers, dealer signs, phone numbers on a van). A text region is a plate's when:
 * - its shape: a line wider than high (PLATE_RULES.aspect), of a plate's size against the picture, which on a spin
 *   frame is the car's size (the frame is made round the car): characters `textHeight` of the frame's height, the
 *   line `textWidth` of its width;
 * - its place: in the lower part of the car (its centre below `minCentreY` of the frame); a roof sign or a
 *   windscreen sticker is higher;
 * - what it says, as the recogniser reads it: 4 to 8 letters and digits once spaces, dots and dashes are dropped,
 *   few other signs, no date or time (a camera's stamp), read with `minConfidence`; and either a digit, or (a personalised plate, or digits the
 *   recogniser took for letters: 1 as I, 0 as O, 8 as B) 5 letters or more all in capitals that are not a car
 *   make's or a badge's word (NOT_PLATES). A badge like "civic" is in small letters, "Metro" mixed.
 * Bounds measured on the openalpr benchmark photographs (docs/operations.md, "Plate blur").
 */

export const PLATE_RULES = {
  /**
   * Width over height of the plate's line of characters (a US plate's 6-7 characters about 2 to 4, a European
   * plate's line about 5); a sign's sentence is longer.
   */
  aspect: { min: 1.3, max: 7 },
  /** Height of the characters' line as a fraction of the picture's height. */
  textHeight: { min: 0.008, max: 0.22 },
  /** Width of the line as a fraction of the picture's width. */
  textWidth: { min: 0.02, max: 0.6 },
  /** The line's centre is below this fraction of the picture's height. */
  minCentreY: 0.2,
  /** Letters and digits read on the line. */
  characters: { min: 4, max: 8 },
  /** Letters only (no digit read): at least this many. */
  minLettersOnly: 5,
  /** Of the signs read (spaces, dots, dashes aside), the share that are letters or digits. */
  minAlphanumericShare: 0.7,
  /** Mean probability of the characters read. */
  minConfidence: 0.5,
  /** The plate round its characters: the line grown by these fractions of its own size on each side. */
  plateMargin: { x: 0.12, y: 0.6 },
} as const;

/** A box as fractions of the picture (0..1), top-left corner and size: the blur region's box. */
export interface FractionBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Whether a text line's box (fractions of the picture) has a plate's shape, size and place. */
export function hasPlateShape(box: FractionBox, pictureAspect: number): boolean {
  const r = PLATE_RULES;
  // The aspect of the line in pixels: fractions of a wide picture are not square.
  const aspect = (box.w / box.h) * pictureAspect;
  if (aspect < r.aspect.min || aspect > r.aspect.max) return false;
  if (box.h < r.textHeight.min || box.h > r.textHeight.max) return false;
  if (box.w < r.textWidth.min || box.w > r.textWidth.max) return false;
  return box.y + box.h / 2 >= r.minCentreY;
}

/** The letters and digits of a reading, upper case (spaces, dots, dashes and middle dots dropped). */
export function plateCharacters(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * Capital words on cars that are no plates: makes, badges, and the model names a studio's dummy plate carries in
 * place of a number (a plate holder reading "CIVIC"). Readings that are one of these (or hold one) are dropped
 * when they carry no digit.
 */
export const NOT_PLATES: readonly string[] = [
  'ACURA AUDI BUICK CHEVROLET CHRYSLER CITROEN DAIHATSU DODGE FERRARI FIAT HONDA HYUNDAI INFINITI ISUZU JAGUAR',
  'KIA LEXUS LINCOLN MAZDA MERCEDES MINI MITSUBISHI NISSAN OPEL PEUGEOT PORSCHE RENAULT SKODA SUBARU SUZUKI',
  'TESLA TOYOTA VOLVO HYBRID TURBO SPORT DIESEL QUATTRO XDRIVE LIMITED TOURING PREMIUM POLICE',
  'CIVIC ACCORD COROLLA CAMRY PRIUS YARIS AQUA ALPHARD HARRIER CROWN VEZEL SERENA LEAF SKYLINE DEMIO SWIFT',
  'JIMNY IMPREZA LEGACY FORESTER OUTBACK GOLF POLO PASSAT MUSTANG FOCUS FIESTA CORSA ASTRA CLIO MEGANE',
].flatMap((line) => line.split(' '));

/** Whether what was read on a line is a plate's number. */
export function readsLikePlate(text: string, confidence: number): boolean {
  const r = PLATE_RULES;
  if (confidence < r.minConfidence) return false;
  const chars = plateCharacters(text);
  if (chars.length < r.characters.min || chars.length > r.characters.max) return false;
  // A camera's date or time stamped on the picture ("2014-04-23", "14:20:16") is digits too, and no plate.
  // (A colon alone is no sign of one: the recogniser reads the seal between a Slovak plate's digits as one.)
  if (/\d{1,2}:\d\d:\d\d/.test(text) || /(19|20)\d\d[-./:](0?[1-9]|1[0-2])(\D|$)/.test(text)) return false;
  const signs = text.replace(/[\s.\-·・‐–]/g, '');
  if (signs.length === 0 || chars.length / signs.length < r.minAlphanumericShare) return false;
  if (/[0-9]/.test(chars)) return true;
  // Letters only: a personalised plate, or digits read as letters; never a word in small letters or a make.
  if (chars.length < r.minLettersOnly || /[a-z]/.test(text)) return false;
  return !NOT_PLATES.some((word) => chars.includes(word));
}

/** The plate round its characters' line, kept inside the picture. */
export function plateAround(line: FractionBox): FractionBox {
  const m = PLATE_RULES.plateMargin;
  const x = Math.max(0, line.x - line.w * m.x);
  const y = Math.max(0, line.y - line.h * m.y);
  const right = Math.min(1, line.x + line.w * (1 + m.x));
  const bottom = Math.min(1, line.y + line.h * (1 + m.y));
  return { x, y, w: right - x, h: bottom - y };
}
