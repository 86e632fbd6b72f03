import type { InteriorAnswer } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useLiveProcesses } from '../../../api/liveProcesses.ts';
import type { MediaPanelProps } from '../mediaPanel.ts';
import { AiAction } from './AiAction.tsx';

const COLOUR = {
  option: 'interior_colour',
  start: 'interiorColour',
  process: 'color',
  operation: 'INTERIOR.ENHANCE_IMAGE_QUALITY',
  texts: 'interiorColour',
} as const;

/**
 * The interior's automatic colour (the `color` process, the domain's `brightness` option) on every scene. Its
 * result is each scene's enhancement: the scene's image-quality tool shows before and after, its levels to change,
 * and the way back to the original. Its progress and end come over the process socket: the interior's answer is
 * not read again while the colour runs.
 */
export function InteriorAiAction({ contentId, readOnly, answer }: MediaPanelProps & { answer: InteriorAnswer }) {
  const { t } = useTranslation();
  const processes = useLiveProcesses(contentId, answer.processes);
  const props = {
    ...COLOUR,
    contentId,
    readOnly,
    ai: answer.ai_options,
    processes,
    disabledReason: answer.scenes.length === 0 ? t('aiOptions.needsScene') : null,
  };
  return <AiAction {...props} />;
}
