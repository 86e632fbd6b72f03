import { Badge, Button } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { uploadStatusText } from './exteriorText.ts';

// The small pieces of an upload's row in UploadList.tsx: its status badge and its action buttons.

const STATUS_COLOURS: Record<string, string> = {
  requested: 'blue',
  ready: 'teal',
  preparing: 'indigo',
  processing: 'indigo',
  pending: 'gray',
  submitted: 'gray',
  progressing: 'indigo',
  complete: 'green',
  error: 'red',
  canceled: 'gray',
};

/** An upload's status as a coloured badge, in the user's language. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="light"
      color={STATUS_COLOURS[status.toLowerCase()] ?? 'gray'}
      data-testid="upload-status"
      data-status={status}
    >
      {uploadStatusText(status)}
    </Badge>
  );
}

/** What an upload's buttons look like, by what they do. */
const ACTIONS = {
  pause: {
    variant: 'default',
    color: undefined,
    Icon: IconPlayerPause,
    text: 'exterior.upload.pause',
    of: 'exterior.upload.pauseOf',
  },
  resume: {
    variant: 'default',
    color: undefined,
    Icon: IconPlayerPlay,
    text: 'exterior.upload.resume',
    of: 'exterior.upload.resumeOf',
  },
  cancel: {
    variant: 'subtle',
    color: 'red',
    Icon: IconX,
    text: 'exterior.upload.cancel',
    of: 'exterior.upload.cancelOf',
  },
  dismiss: {
    variant: 'subtle',
    color: 'gray',
    Icon: null,
    text: 'exterior.upload.dismiss',
    of: 'exterior.upload.dismissOf',
  },
} as const;

interface UploadActionProps {
  kind: keyof typeof ACTIONS;
  /** The file's name, in the button's accessible name ("Pause video.mp4"). */
  name: string;
  /** The button's words, when not the action's own. */
  text?: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
  mt?: number;
}

/** One action on an upload (pause, resume, cancel, dismiss), named with the file it acts on. */
export function UploadAction({ kind, name, text, onClick, loading, disabled, testId, mt }: UploadActionProps) {
  const { t } = useTranslation();
  const { variant, color, Icon, of, text: words } = ACTIONS[kind];
  return (
    <Button
      type="button"
      size="compact-sm"
      variant={variant}
      {...(color ? { color } : {})}
      {...(Icon ? { leftSection: <Icon size={14} aria-hidden /> } : {})}
      {...(mt ? { mt } : {})}
      onClick={onClick}
      loading={loading ?? false}
      disabled={disabled ?? false}
      aria-label={t(of, { name })}
      data-testid={testId}
    >
      {text ?? t(words)}
    </Button>
  );
}
