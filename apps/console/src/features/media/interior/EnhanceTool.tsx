import { Alert, Button, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  DEFAULT_ENHANCE_SETTINGS,
  type EnhanceSettings,
  enhanceSettingsSchema,
  type InteriorSceneAnswer,
  type ProcessAnswer,
  type WhiteBalance,
} from '@spinyard/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyEnhance, useApplyWhiteBalance, useEnhance, useUndoEnhance } from '../../../api/interior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { EnhanceFields } from './EnhanceFields.tsx';
import { interiorErrorText, processName } from './interiorText.ts';
import { type EnhancePreview, useEnhancePreview } from './useEnhancePreview.ts';
import { NEUTRAL_WHITE_BALANCE, sameWhiteBalance, WhiteBalanceControls } from './WhiteBalanceControls.tsx';

interface EnhanceToolProps {
  contentId: string;
  scene: InteriorSceneAnswer;
  enabled: boolean;
  running: ProcessAnswer[];
  readOnly: boolean;
  onClose: () => void;
}

/**
 * The interior image-quality tool: the five corrections with their strengths, the JPEG quality and the size, with
 * the original and a live preview of the result side by side (stacked on a phone); applying starts the
 * interior_enhance process, whose progress shows here. The white balance (manual temperature and tint, or automatic)
 * is its own process; the preview shows it as the sliders stand, applied or not, so a dealer sees it before waiting
 * for a render. Back to the original drops both.
 */
export function EnhanceTool({ contentId, scene, enabled, running, readOnly, onClose }: EnhanceToolProps) {
  const { t } = useTranslation();
  const tool = useEnhance(contentId, scene.id);
  const apply = useApplyEnhance(contentId, scene.id);
  const balance = useApplyWhiteBalance(contentId, scene.id);
  const undo = useUndoEnhance(contentId, scene.id);
  const [settings, setSettings] = useState<EnhanceSettings>(DEFAULT_ENHANCE_SETTINGS);
  const [whiteBalance, setWhiteBalance] = useState<WhiteBalance>(NEUTRAL_WHITE_BALANCE);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = readOnly || running.length > 0 || apply.isPending || balance.isPending || undo.isPending;
  const wbUnapplied = loaded && !sameWhiteBalance(whiteBalance, tool.data?.white_balance ?? NEUTRAL_WHITE_BALANCE);
  // Without the domain's option the corrections stay off, but the white balance is still offered: its preview is
  // fetched while it differs from the one in force (else the picture in force is the "after" already).
  const previewWanted = loaded && (enabled || wbUnapplied);
  const preview = useEnhancePreview(contentId, scene.id, settings, whiteBalance, enabled, previewWanted);

  useEffect(() => {
    if (!tool.data || loaded) return;
    setSettings(tool.data.settings);
    if (tool.data.white_balance) setWhiteBalance(tool.data.white_balance);
    setLoaded(true);
  }, [tool.data, loaded]);

  const run = () => {
    const parsed = enhanceSettingsSchema.safeParse(settings);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('errors.validation_failed'));
      return;
    }
    setError(null);
    apply.mutate(parsed.data, {
      onSuccess: () => notifySuccess(t('interior.enhance.applied')),
      onError: (e) => setError(interiorErrorText(e)),
    });
  };

  const runWhiteBalance = () => {
    setError(null);
    balance.mutate(whiteBalance, {
      onSuccess: () => notifySuccess(t('interior.wb.applied')),
      onError: (e) => setError(interiorErrorText(e)),
    });
  };

  const runUndo = () => {
    setError(null);
    undo.mutate(undefined, {
      onSuccess: () => {
        notifySuccess(t('interior.enhance.undone'));
        setSettings(DEFAULT_ENHANCE_SETTINGS);
        setWhiteBalance(NEUTRAL_WHITE_BALANCE);
      },
      onError: (e) => setError(interiorErrorText(e)),
    });
  };

  const data = tool.data;
  return (
    <DialogShell opened onClose={onClose} title={t('interior.enhance.title')} size="xl">
      {!data ? (
        tool.isError ? (
          <Alert color="red" role="alert">
            {interiorErrorText(tool.error)}
          </Alert>
        ) : (
          <CenteredLoader />
        )
      ) : (
        <Stack gap="sm" data-testid="interior-enhance-tool">
          {!enabled && (
            // A scene corrected all the same (the automatic colour uses the tool's settings): say what the dealer can
            // still do with it, not only that the tool is off.
            <Alert color="yellow" data-testid="interior-enhance-off">
              {t(scene.original ? 'interior.enhance.offEdited' : 'interior.enhance.off')}
            </Alert>
          )}
          <Text size="xs" c="gray.7">
            {t('interior.enhance.originalSize', { width: data.original_width, height: data.original_height })}
          </Text>
          <EnhanceCompare before={data.before} after={data.after} preview={previewWanted ? preview : null} />

          {running.map((p) => {
            const label = t('interior.enhance.running', { process: processName(p.process), progress: p.progress });
            return (
              <Stack key={p.id} gap={4}>
                <Text size="sm">{label}</Text>
                <Progress value={p.progress} aria-label={label} animated />
              </Stack>
            );
          })}

          <EnhanceFields
            settings={settings}
            setSettings={setSettings}
            editable={enabled && !busy}
            originalWidth={data.original_width}
          />
          <Group gap="sm" wrap="wrap">
            <Button
              type="button"
              onClick={run}
              disabled={!enabled || busy}
              loading={apply.isPending}
              data-testid="interior-enhance-apply"
            >
              {t('interior.enhance.apply')}
            </Button>
            <Button
              type="button"
              variant="default"
              onClick={runUndo}
              disabled={busy || !scene.original}
              loading={undo.isPending}
              data-testid="interior-enhance-undo"
            >
              {t('interior.enhance.undo')}
            </Button>
          </Group>

          <WhiteBalanceControls
            value={whiteBalance}
            onChange={setWhiteBalance}
            unapplied={wbUnapplied}
            previewUrl={previewWanted ? preview.url : null}
            busy={busy}
            applying={balance.isPending}
            onApply={runWhiteBalance}
          />

          {error && (
            <Alert color="red" role="alert" data-testid="interior-enhance-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="button" variant="default" onClick={onClose}>
              {t('interior.enhance.close')}
            </Button>
          </Group>
        </Stack>
      )}
    </DialogShell>
  );
}

/** The original and the result side by side (stacked on a phone): the live preview when there is one. */
function EnhanceCompare(props: { before: string; after: string; preview: EnhancePreview | null }) {
  const { t } = useTranslation();
  const { preview } = props;
  const picture = { width: '100%', display: 'block', borderRadius: 6 } as const;
  return (
    <section aria-label={t('interior.enhance.compare')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <figure style={{ margin: 0 }}>
          <img src={props.before} alt={t('interior.enhance.before')} style={picture} />
          <Text component="figcaption" size="sm" ta="center">
            {t('interior.enhance.before')}
          </Text>
        </figure>
        <figure style={{ margin: 0 }} aria-busy={preview?.loading ?? false}>
          {preview?.url ? (
            <img
              src={preview.url}
              alt={t('interior.enhance.after')}
              data-testid="interior-enhance-after"
              style={picture}
            />
          ) : (
            <img src={props.after} alt={t('interior.enhance.after')} style={picture} />
          )}
          <Text component="figcaption" size="sm" ta="center">
            {preview?.loading
              ? t('interior.enhance.previewLoading')
              : preview?.failed
                ? t('interior.enhance.previewError')
                : t('interior.enhance.after')}
          </Text>
        </figure>
      </SimpleGrid>
    </section>
  );
}
