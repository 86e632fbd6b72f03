import { Box, Text } from '@mantine/core';
import type { DesignAnswer, DesignColours } from '@spinyard/domain';
import { IconInfoSmall, IconMovie, IconPlayerPlayFilled, IconVolume, IconZoomIn } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STANDARD_ICONS = { standard: IconInfoSmall, sound: IconVolume, movie: IconMovie } as const;
type IconType = keyof typeof STANDARD_ICONS;

/** A marker as the viewer draws it: the custom icon when there is one, else the standard icon on the hotspot colour. */
function Marker({
  type,
  colours,
  url,
  at,
}: {
  type: IconType;
  colours: DesignColours;
  url: string | null;
  at: [number, number];
}) {
  const Standard = STANDARD_ICONS[type];
  const style = {
    position: 'absolute' as const,
    left: `${at[0]}%`,
    top: `${at[1]}%`,
    width: 40,
    height: 40,
    margin: -20,
  };
  if (url)
    return <img src={url} alt="" style={{ ...style, objectFit: 'contain' }} data-testid={`preview-icon-${type}`} />;
  return (
    <span
      style={{
        ...style,
        borderRadius: '50%',
        background: colours.hotspot,
        color: colours.accent,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        boxShadow: '0 1px 6px rgba(0,0,0,.5)',
      }}
      data-testid={`preview-icon-${type}`}
    >
      <Standard size={type === 'standard' ? 34 : 24} stroke={2.2} aria-hidden />
    </span>
  );
}

function ControlButton({ children }: { children: ReactNode }) {
  return (
    <span
      style={{
        width: 34,
        height: 34,
        borderRadius: '50%',
        color: '#fff',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {children}
    </span>
  );
}

/**
 * A stand-in of the public viewer in the colours being edited (not yet saved): a spin with the three kinds of
 * markers, the viewer's controls in the accent colour, and a hotspot opened on the panel colours.
 */
export function DesignPreview({ colours, icons }: { colours: DesignColours; icons: DesignAnswer['icons'] }) {
  const { t } = useTranslation();
  return (
    <Box
      role="img"
      aria-label={t('customDesign.preview.label')}
      data-testid="design-preview"
      style={{
        position: 'relative',
        width: '100%',
        aspectRatio: '16 / 10',
        borderRadius: 8,
        overflow: 'hidden',
        background: 'linear-gradient(#cfd8e3 0%, #eef2f6 58%, #9aa5b1 58%, #6b7682 100%)',
      }}
    >
      {/* A car's outline, so the markers sit on something that reads as a vehicle. */}
      <svg viewBox="0 0 200 100" style={{ position: 'absolute', inset: '18% 8% 10% 8%' }} aria-hidden="true">
        <path
          d="M15 70 Q18 52 45 48 L70 30 Q80 24 110 24 L140 26 Q155 30 168 46 Q188 50 190 66 L190 72 L15 72 Z"
          fill="#3b4652"
        />
        <circle cx="55" cy="74" r="13" fill="#1f262d" />
        <circle cx="155" cy="74" r="13" fill="#1f262d" />
        <path d="M76 33 L108 30 L108 46 L62 47 Z M114 30 L140 31 Q150 34 158 46 L114 46 Z" fill="#a9c4dc" />
      </svg>
      <Marker type="standard" colours={colours} url={icons.standard?.url ?? null} at={[20, 56]} />
      <Marker type="sound" colours={colours} url={icons.sound?.url ?? null} at={[40, 36]} />
      <Marker type="movie" colours={colours} url={icons.movie?.url ?? null} at={[64, 30]} />
      <Box
        style={{
          position: 'absolute',
          right: 10,
          bottom: 10,
          width: 'min(44%, 240px)',
          padding: 10,
          borderRadius: 8,
          background: colours.panel,
          color: colours.panel_text,
          boxShadow: '0 2px 10px rgba(0,0,0,.35)',
        }}
        data-testid="design-preview-panel"
      >
        <Text fw={700} size="sm" c="inherit">
          {t('customDesign.preview.sampleTitle')}
        </Text>
        <Text size="xs" c="inherit">
          {t('customDesign.preview.sampleBody')}
        </Text>
      </Box>
      {/* The viewer's control bar: a pill of the accent colour. */}
      <Box
        style={{
          position: 'absolute',
          left: 12,
          bottom: 10,
          display: 'flex',
          gap: 2,
          padding: 3,
          borderRadius: 24,
          background: colours.accent,
        }}
      >
        <ControlButton>
          <IconPlayerPlayFilled size={16} aria-hidden />
        </ControlButton>
        <ControlButton>
          <IconZoomIn size={16} aria-hidden />
        </ControlButton>
      </Box>
    </Box>
  );
}
