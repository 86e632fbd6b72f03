// The render's own font file (its 700 weight), served with the console's build: the preview draws the same glyphs.
import fontUrl from '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf?url';
import { ActionIcon, Box, Text } from '@mantine/core';
import {
  layoutMovieText,
  MOVIE_BACKGROUND,
  MOVIE_BAND,
  MOVIE_FONT,
  MOVIE_OPENING_SECONDS,
  MOVIE_OPENING_ZOOM,
} from '@spinyard/domain';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textLines } from './textFill.ts';

/** The family name the preview loads the render's font under (not the system's Noto, which may differ). */
const FAMILY = 'SpinyardMovie';
let fontLoading: Promise<void> | null = null;

/** Loads the render's font once per tab; until it is in, the text shows in the console's own font. */
function loadMovieFont(): Promise<void> {
  fontLoading ??= new FontFace(FAMILY, `url(${fontUrl})`, { weight: String(MOVIE_FONT.weight) })
    .load()
    .then((face) => {
      document.fonts.add(face);
    })
    .catch(() => undefined);
  return fontLoading;
}

/** The preview's size in pixels, followed as the page resizes (the layout is in shares of the frame). */
function useSize() {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    measure();
    return () => observer.disconnect();
  }, []);
  return { box, size };
}

/**
 * The first seconds of the promo as the render makes them, drawn in the browser as the dealer types: the opening's
 * picture filling the 16:9 frame with its slow zoom, the title and subtitle in the render's font, sizes and places
 * on the same band (the domain's layoutMovieText, which the render draws with). No picture: the render's plain card.
 */
export function OpeningPreview({
  picture,
  title,
  subtitle,
}: {
  picture: string | null;
  title: string;
  subtitle: string;
}) {
  const { t } = useTranslation();
  const { box, size } = useSize();
  const [run, setRun] = useState(0);
  const [fontReady, setFontReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadMovieFont().then(() => live && setFontReady(true));
    return () => {
      live = false;
    };
  }, []);
  const lines = [
    ...textLines(title).map((text) => ({ text, role: 'title' as const })),
    ...textLines(subtitle).map((text) => ({ text, role: 'subtitle' as const })),
  ];
  const { lines: placed, band } = size.height > 0 ? layoutMovieText(lines, 'center', size) : { lines: [], band: null };
  return (
    <Box>
      <div
        ref={box}
        role="img"
        aria-label={t('movieWizard.preview.label', { text: lines.map((l) => l.text).join(' / ') })}
        data-testid="movie-preview"
        data-font-ready={fontReady}
        style={{
          position: 'relative',
          width: '100%',
          aspectRatio: '16 / 9',
          overflow: 'hidden',
          borderRadius: 8,
          background: MOVIE_BACKGROUND,
        }}
      >
        {picture ? (
          <img
            key={run}
            src={picture}
            alt=""
            style={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              animation: `spinyard-opening-zoom ${MOVIE_OPENING_SECONDS}s linear forwards`,
            }}
          />
        ) : null}
        {band ? (
          <div
            data-testid="movie-preview-band"
            style={{
              position: 'absolute',
              left: 0,
              right: 0,
              top: band.top,
              height: band.height,
              background: MOVIE_BAND.color,
              opacity: MOVIE_BAND.opacity,
            }}
          />
        ) : null}
        {placed.map((line, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a line's place is its identity in the drawing
            key={i}
            data-testid={`movie-preview-${line.role}`}
            style={{
              position: 'absolute',
              left: 0,
              right: 0,
              top: line.top,
              height: line.height,
              lineHeight: `${line.height}px`,
              fontSize: line.fontSize,
              fontFamily: `${FAMILY}, "${MOVIE_FONT.family}", sans-serif`,
              fontWeight: MOVIE_FONT.weight,
              color: '#fff',
              textAlign: 'center',
              whiteSpace: 'pre',
              // A line longer than the form allows (refused beside its field) ends in an ellipsis at the frame's edge
              // instead of running past it: the render never draws it.
              overflowX: 'clip',
              overflowY: 'visible',
              textOverflow: 'ellipsis',
              // drawtext's border lies outside the glyph: a stroke twice as wide, painted under the fill.
              WebkitTextStroke: `${line.border * 2}px rgba(0,0,0,0.6)`,
              paintOrder: 'stroke fill',
              textShadow: `${line.border}px ${line.border}px 0 rgba(0,0,0,0.35)`,
            }}
          >
            {line.text}
          </div>
        ))}
        <style>{`@keyframes spinyard-opening-zoom { from { transform: scale(1); } to { transform: scale(${1 + MOVIE_OPENING_ZOOM}); } }
@media (prefers-reduced-motion: reduce) { [data-testid="movie-preview"] img { animation: none !important; } }`}</style>
      </div>
      <Text size="xs" c="gray.7" mt={4} component="div">
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={t('movieWizard.preview.replay')}
          onClick={() => setRun((n) => n + 1)}
          mr={4}
        >
          <IconPlayerPlay size={14} aria-hidden />
        </ActionIcon>
        {t('movieWizard.preview.hint', { seconds: MOVIE_OPENING_SECONDS })}
      </Text>
    </Box>
  );
}
