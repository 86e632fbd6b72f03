import { Text } from '@mantine/core';
import type { AudioTrackAnswer } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useAudioTracks } from '../../../api/slider.ts';

/** One track in the user's words: its language when tagged, its codec, its channels and sample rate. */
function useTrackText() {
  const { t, i18n } = useTranslation();
  const languageName = (tag: string | null) => {
    if (tag === null) return t('slider.movies.audio.untagged');
    try {
      // ISO 639-2 tags (jpn, eng) are valid language subtags: the browser names them in the user's language.
      return new Intl.DisplayNames([i18n.language], { type: 'language' }).of(tag) ?? tag;
    } catch {
      return tag;
    }
  };
  return (track: AudioTrackAnswer) => {
    // Codec, channels and rate read the same in every language (AAC 2ch 48 kHz).
    const detail = [
      track.codec.toUpperCase(),
      track.channels === null ? null : `${track.channels}ch`,
      track.sample_rate === null ? null : `${track.sample_rate / 1000} kHz`,
    ]
      .filter((part) => part !== null)
      .join(' ');
    return t(track.played ? 'slider.movies.audio.trackPlayed' : 'slider.movies.audio.track', {
      n: track.index + 1,
      language: languageName(track.language),
      detail,
    });
  };
}

/** The sound tracks of an original video under its facts; "no sound" when it has none. */
export function AudioTracks({ contentId, movieId }: { contentId: string; movieId: string }) {
  const { t } = useTranslation();
  const tracks = useAudioTracks(contentId, movieId);
  const text = useTrackText();
  if (tracks.isPending || tracks.isError) return null;
  const list = tracks.data.tracks;
  return (
    <Text size="xs" c="dimmed" data-testid="original-movie-audio">
      {list.length === 0 ? t('slider.movies.audio.none') : list.map(text).join(' · ')}
    </Text>
  );
}
