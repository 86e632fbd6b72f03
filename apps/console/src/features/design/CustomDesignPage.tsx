import { Alert, Card, ColorInput, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  contrastRatio,
  DEFAULT_DESIGN_COLOURS,
  DESIGN_COLOUR_KEYS,
  DESIGN_COLOUR_PATTERN,
  type DesignAnswer,
  type DesignColours,
} from '@spinyard/domain';
import { IconAlertTriangle, IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import { useDesign, useSaveDesignColours } from '../../api/design.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { notifySuccess } from '../../api/notify.ts';
import { ActionButton } from '../../components/ActionButton.tsx';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { formatDateTime } from '../../components/formatDateTime.ts';
import { WARNING_TEXT } from '../../shared/theme.ts';
import { DesignPreview } from './DesignPreview.tsx';
import { IconSlots } from './IconSlots.tsx';

/**
 * /custom-design/edit (shown when the domain uses hotspots in the browser or the app): the viewer's colours and the
 * custom hotspot icons of the domain, previewed live as they are edited; saved for every vehicle of the domain.
 */
export function CustomDesignPage() {
  const { t } = useTranslation();
  const design = useDesign();
  if (design.isPending) return <CenteredLoader py={64} />;
  if (!design.data) {
    return (
      <Alert color="red" maw={720} mx="auto" data-testid="design-error">
        {design.error instanceof ApiError ? apiErrorText(design.error) : t('errors.general_error')}
      </Alert>
    );
  }
  return <DesignEditor design={design.data} />;
}

function DesignEditor({ design }: { design: DesignAnswer }) {
  const { t, i18n } = useTranslation();
  const save = useSaveDesignColours();
  const [colours, setColours] = useState<DesignColours>(design.colours);
  const [error, setError] = useState<string | null>(null);
  // Saved colours that changed (saved here or elsewhere) replace the edited ones; an icon upload keeps them.
  const savedText = JSON.stringify(design.colours);
  useEffect(() => setColours(JSON.parse(savedText) as DesignColours), [savedText]);
  const readOnly = !design.can_edit;
  const valid = DESIGN_COLOUR_KEYS.every((k) => DESIGN_COLOUR_PATTERN.test(colours[k]));
  const dirty = DESIGN_COLOUR_KEYS.some((k) => colours[k].toLowerCase() !== design.colours[k].toLowerCase());
  const lowContrast = valid && contrastRatio(colours.panel, colours.panel_text) < 4.5;
  const shown: DesignColours = valid ? colours : design.colours;

  const onSave = () => {
    setError(null);
    const body = Object.fromEntries(DESIGN_COLOUR_KEYS.map((k) => [k, colours[k].toLowerCase()])) as DesignColours;
    save.mutate(body, {
      onSuccess: () => notifySuccess(t('customDesign.saved')),
      onError: (cause) => setError(cause instanceof ApiError ? apiErrorText(cause) : t('errors.general_error')),
    });
  };

  return (
    <Stack gap="lg" maw={1200} mx="auto" data-testid="custom-design">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('customDesign.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('customDesign.intro')}
        </Text>
        {design.updated_at ? (
          <Text size="xs" c="gray.7">
            {t('customDesign.updatedAt', { at: formatDateTime(design.updated_at, i18n.language) })}
          </Text>
        ) : null}
      </Stack>
      {readOnly ? (
        <Alert color="gray" variant="light" data-testid="design-read-only">
          {t('customDesign.readOnly')}
        </Alert>
      ) : null}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="design-colours">
              <Title order={3} size="h5" id="design-colours" mb="sm">
                {t('customDesign.colours.title')}
              </Title>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {DESIGN_COLOUR_KEYS.map((key) => (
                  <ColorInput
                    key={key}
                    label={t(`customDesign.colours.${key}`)}
                    description={t(`customDesign.colours.${key}Hint`)}
                    value={colours[key]}
                    onChange={(v) => setColours((c) => ({ ...c, [key]: v }))}
                    format="hex"
                    withEyeDropper={false}
                    disabled={readOnly}
                    error={DESIGN_COLOUR_PATTERN.test(colours[key]) ? undefined : t('customDesign.colours.invalid')}
                    data-testid={`design-colour-${key}`}
                  />
                ))}
              </SimpleGrid>
              {lowContrast ? (
                <Group gap={6} mt="sm" wrap="nowrap" data-testid="design-contrast-warning">
                  <IconAlertTriangle size={16} color={WARNING_TEXT} aria-hidden />
                  <Text size="sm" c={WARNING_TEXT}>
                    {t('customDesign.colours.lowContrast', {
                      ratio: contrastRatio(colours.panel, colours.panel_text).toFixed(1),
                    })}
                  </Text>
                </Group>
              ) : null}
              {error ? (
                <Alert color="red" variant="light" role="alert" mt="sm" data-testid="design-save-error">
                  {error}
                </Alert>
              ) : null}
              <Group gap="sm" mt="md">
                <ActionButton
                  icon={IconDeviceFloppy}
                  type="button"
                  onClick={onSave}
                  loading={save.isPending}
                  disabled={readOnly || !valid || !dirty}
                  testId="design-save"
                >
                  {t('customDesign.save')}
                </ActionButton>
                <ActionButton
                  icon={IconRestore}
                  type="button"
                  variant="default"
                  onClick={() => setColours({ ...DEFAULT_DESIGN_COLOURS })}
                  disabled={readOnly}
                >
                  {t('customDesign.defaults')}
                </ActionButton>
              </Group>
            </Card>
            <Card withBorder radius="md" padding="md" component="section" aria-labelledby="design-icons">
              <Title order={3} size="h5" id="design-icons" mb="sm">
                {t('customDesign.icons.title')}
              </Title>
              <IconSlots icons={design.icons} readOnly={readOnly} />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="md" padding="md" component="section" aria-labelledby="design-preview-title">
            <Title order={3} size="h5" id="design-preview-title" mb="sm">
              {t('customDesign.preview.title')}
            </Title>
            <DesignPreview colours={shown} icons={design.icons} />
            {dirty ? (
              <Text size="xs" c="gray.7" mt="xs">
                {t('customDesign.preview.unsaved')}
              </Text>
            ) : null}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
