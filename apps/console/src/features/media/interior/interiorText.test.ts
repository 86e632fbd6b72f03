import { describeErrorResponse } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/apiError.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { interiorErrorText } from './interiorText.ts';

const failure = (status: number, code: string, params: Record<string, unknown> = {}) => {
  const body = { error: { code, user_message: 'x', params } };
  return new ApiError(status, body, describeErrorResponse(status, body));
};

describe('interiorErrorText: a refused panorama in the user language with what it names', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ja');
  });

  it('names the rule and the size of a picture that is not a panorama', () => {
    const aspect = interiorErrorText(
      failure(422, 'image_dimensions_invalid', { rule: 'aspect_2_1', width: 1600, height: 1000 }),
    );
    expect(aspect).toContain('横が縦のちょうど2倍（2:1）');
    expect(aspect).toContain('1600×1000');
    const small = interiorErrorText(
      failure(422, 'image_dimensions_invalid', {
        rule: 'min_dimensions',
        width: 400,
        height: 200,
        min_width: 512,
        min_height: 256,
      }),
    );
    expect(small).toContain('512×256');
    expect(small).toContain('400×200');
  });

  it('says the formats, the file size, the scene limit and the domain option', () => {
    expect(interiorErrorText(failure(415, 'unsupported_image_format'))).toContain('JPEG または PNG');
    expect(interiorErrorText(failure(413, 'file_too_large', { max_bytes: 52428800 }))).toContain('50.0 MB');
    expect(interiorErrorText(failure(403, 'upload_over_limit', { limit: 20 }))).toContain('20枚まで');
    expect(interiorErrorText(failure(403, 'forbidden', { reason: 'interior_enhancement_off' }))).toContain('画質補正');
  });

  it('names the running process of a lock, in the user words', () => {
    expect(interiorErrorText(failure(409, 'content_locked', { process: 'interior_enhance' }))).toContain(
      '内装の画質補正',
    );
  });
});
