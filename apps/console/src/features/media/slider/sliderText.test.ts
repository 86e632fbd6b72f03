import { describeErrorResponse } from '@spinyard/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/apiError.ts';
import { i18n } from '../../../i18n/i18n.ts';
import { fileRefusalText } from './sliderText.ts';

const failure = (status: number, error: Record<string, unknown>) => {
  const body = { error: { user_message: 'x', ...error } };
  return new ApiError(status, body, describeErrorResponse(status, body));
};

describe('fileRefusalText', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('ja');
  });

  it('names the size rule a picture broke, with its size', () => {
    const aspect = failure(422, {
      code: 'image_dimensions_invalid',
      params: { rule: 'aspect', width: 1920, height: 1200 },
    });
    expect(fileRefusalText(aspect)).toContain('縦横比が対応していません（1920×1200）');
    const width = failure(422, {
      code: 'image_dimensions_invalid',
      params: { rule: 'width', width: 320, height: 180, min_width: 640, max_width: 8192 },
    });
    expect(fileRefusalText(width)).toBe('画像の幅は640〜8192ピクセルにしてください（320×180）。');
  });

  it('gives the size limit in MB, the catalogue text otherwise, and the link rule for a refused url', () => {
    expect(fileRefusalText(failure(413, { code: 'file_too_large', params: { max_bytes: 30 * 1024 * 1024 } }))).toBe(
      'ファイルサイズが大きすぎます（30MBまで）。',
    );
    expect(fileRefusalText(failure(415, { code: 'unsupported_image_format' }))).toBe(
      'この画像形式には対応していません。',
    );
    expect(
      fileRefusalText(
        failure(422, { code: 'validation_failed', fields: [{ field: 'url', rule: 'video_link', message: 'x' }] }),
      ),
    ).toContain('11文字の動画ID');
  });
});
