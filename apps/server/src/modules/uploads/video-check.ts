import { fileTypeFromFile } from 'file-type';

/**
 * Containers an exterior video may come in (second document, section 5: .mp4, .m4v, .mov, .avi, .wmv, .mpeg), by
 * file-type's names for what the first bytes say: a WMV is an ASF container, an MPEG file an MPEG program stream.
 */
const VIDEO_CONTAINERS: Readonly<Record<string, string>> = {
  mp4: 'mp4',
  m4v: 'm4v',
  mov: 'mov',
  avi: 'avi',
  asf: 'wmv',
  mpg: 'mpeg',
};

/**
 * The container a finished upload's bytes are, or undefined when they are no video the spec accepts: checked by
 * content (magic bytes), never by the file name. Decoding and ffprobe's checks come after, in the pipeline.
 */
export async function videoContainerOf(filePath: string): Promise<string | undefined> {
  const found = await fileTypeFromFile(filePath);
  return found ? VIDEO_CONTAINERS[found.ext] : undefined;
}
