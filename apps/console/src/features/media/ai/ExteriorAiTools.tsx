import { Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { aiOptionShown, type ExteriorAnswer, type ProcessAnswer } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useExterior } from '../../../api/exterior.ts';
import { MediaPicture } from '../exterior/MediaPicture.tsx';
import { AiAction } from './AiAction.tsx';

export interface ExteriorAiToolsProps {
  contentId: string;
  /** The vehicle's processes as the exterior panel knows them (its answer's and the live socket's). */
  processes: readonly ProcessAnswer[];
  readOnly: boolean;
  onOpenBlur: (groupId: string) => void;
}

/** The row the spin opens on (the initial row, else the first). */
function openingRow(answer: ExteriorAnswer) {
  const groups = [...answer.groups].sort((a, b) => a.group_order - b.group_order);
  return groups.find((g) => g.group_order === answer.obvr.initial_row) ?? groups[0];
}

/**
 * The spin's AI options (issue 23): front detection, the automatic plate blur, the dealer's picture behind the car
 * and the rotation correction, each shown only when the domain has it on and the server can run it. The blur
 * around the car is a target of the blur editor (LookControls); automatic annotation is in the annotation editor.
 */
export function ExteriorAiTools({ contentId, processes, readOnly, onOpenBlur }: ExteriorAiToolsProps) {
  const { t } = useTranslation();
  const answer = useExterior(contentId).data;
  if (!answer) return null;
  const ai = answer.ai_options;
  const mainGroup = openingRow(answer);
  const shown = ['front_detection', 'plate_blur', 'background', 'rotation_correction'] as const;
  if (!shown.some((id) => aiOptionShown(ai, id))) {
    return null;
  }
  const noSpin = mainGroup ? null : t('aiOptions.needsSpin');
  const first = mainGroup?.sheets[0];
  const blurred = mainGroup?.sheets.filter((s) => s.edit_kind === 'blur').length ?? 0;
  const common = { contentId, readOnly, ai, processes, disabledReason: noSpin };

  return (
    <Card withBorder padding="md" data-testid="exterior-ai-tools">
      <Stack gap="md">
        <Title order={4}>{t('aiOptions.title')}</Title>
        <AiAction
          {...common}
          option="front_detection"
          start="front"
          process="exterior_autodetect_angle"
          operation="EXTERIOR.DETECT_ANGLE"
          texts="front"
          result={
            first ? (
              <Group gap="sm" wrap="nowrap" align="center" data-testid="ai-front-first-frame">
                {/* Its own width on a phone too: in a row that does not wrap, the text beside it would squeeze it. */}
                <Box w={120} style={{ flexShrink: 0 }}>
                  <MediaPicture image={first.image} size="thumbnail" alt={t('aiOptions.front.firstFrame')} />
                </Box>
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {t('aiOptions.front.firstFrame')}
                  </Text>
                  <Badge variant="outline" color="gray.7" tt="none">
                    {t('aiOptions.front.angle', { angle: t(`exterior.initialAngle.${answer.initial_angle}`) })}
                  </Badge>
                  <Text size="xs" c="gray.7">
                    {t('aiOptions.front.change')}
                  </Text>
                </Stack>
              </Group>
            ) : null
          }
        />
        <AiAction
          {...common}
          option="plate_blur"
          start="plates"
          process="blur"
          kinds={['plates']}
          operation="EXTERIOR.APPLY_BLUR"
          texts="plates"
          result={
            mainGroup ? (
              <Group gap="sm" wrap="wrap">
                <Text size="xs" c="gray.7" data-testid="ai-plates-count">
                  {t('aiOptions.plates.count', { count: blurred, total: mainGroup.sheets.length })}
                </Text>
                <Button
                  type="button"
                  size="xs"
                  variant="default"
                  onClick={() => onOpenBlur(mainGroup.group_id)}
                  data-testid="ai-plates-open-editor"
                >
                  {t('aiOptions.plates.edit')}
                </Button>
              </Group>
            ) : null
          }
        />
        {mainGroup ? (
          <AiAction
            {...common}
            option="background"
            start="background"
            picture
            groupId={mainGroup.group_id}
            process="exterior_replace_image"
            kinds={['background']}
            operation="EXTERIOR.REPLACE_IMAGE"
            texts="background"
          />
        ) : null}
        {mainGroup ? (
          <AiAction
            {...common}
            option="rotation_correction"
            start="rotation"
            groupId={mainGroup.group_id}
            process="exterior_replace_image"
            kinds={['rotation', 'rotation_all']}
            operation="EXTERIOR.REPLACE_IMAGE"
            texts="rotation"
          />
        ) : null}
      </Stack>
    </Card>
  );
}
