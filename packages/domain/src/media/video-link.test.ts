import { describe, expect, it } from 'vitest';
import { isVideoId, videoIdOf, videoThumbnailUrl, videoWatchUrl } from './video-link.ts';

const ID = 'dQw4w9WgXcQ';

describe('videoIdOf', () => {
  it.each([
    [ID],
    [`https://www.youtube.com/watch?v=${ID}`],
    [`https://www.youtube.com/watch?v=${ID}&t=42s`],
    [`https://www.youtube.com/watch?feature=share&v=${ID}`],
    [`http://youtube.com/watch?v=${ID}`],
    [`https://m.youtube.com/watch?v=${ID}`],
    [`https://music.youtube.com/watch?v=${ID}`],
    [`www.youtube.com/watch?v=${ID}`],
    [`youtube.com/watch?v=${ID}`],
    [`https://youtu.be/${ID}`],
    [`https://youtu.be/${ID}?si=abcdef`],
    [`youtu.be/${ID}`],
    [`https://www.youtube.com/embed/${ID}`],
    [`https://www.youtube-nocookie.com/embed/${ID}?rel=0`],
    [`https://www.youtube.com/shorts/${ID}`],
    [`https://www.youtube.com/live/${ID}`],
    [`https://www.youtube.com/v/${ID}`],
    [`  https://youtu.be/${ID}  `],
    [`HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`],
  ])('%s gives the id', (input) => {
    expect(videoIdOf(input)).toBe(ID);
  });

  it('keeps underscores and hyphens', () => {
    expect(videoIdOf('https://youtu.be/a_b-c_d-e_f')).toBe('a_b-c_d-e_f');
  });

  it.each([
    [''],
    ['   '],
    ['dQw4w9WgXc'], // 10 characters
    ['dQw4w9WgXcQQ'], // 12 characters
    ['dQw4w9WgXc!'],
    [`https://youtu.be/${ID}x`],
    [`https://youtu.be/${ID.slice(1)}`],
    [`https://www.youtube.com/watch?v=${ID}x`],
    ['https://www.youtube.com/watch'],
    [`https://www.youtube.com/playlist?list=${ID}`],
    [`https://www.youtube.com/channel/${ID}`],
    [`https://vimeo.com/${ID}`],
    [`https://evil.example/watch?v=${ID}`],
    [`https://youtube.com.evil.example/watch?v=${ID}`],
    [`https://evil.example/?u=youtu.be/${ID}`],
    [`ftp://youtu.be/${ID}`],
    [`javascript:alert(1)//youtu.be/${ID}`],
    [`https://youtu.be/embed/${ID}`],
    [`https://www.youtube.com/embed/${ID}/extra`],
    [`${'x'.repeat(3000)}`],
  ])('%s gives none', (input) => {
    expect(videoIdOf(input)).toBeUndefined();
  });

  it('answers the watch and thumbnail addresses of an id', () => {
    expect(isVideoId(ID)).toBe(true);
    expect(videoWatchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(videoThumbnailUrl(ID)).toBe(`https://i.ytimg.com/vi/${ID}/hqdefault.jpg`);
  });
});
