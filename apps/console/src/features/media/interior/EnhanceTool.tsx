import { Alert, Button, Group, NumberInput, Progress, SimpleGrid, Slider, Stack, Switch, Text } from '@mantine/core';
import {
  DEFAULT_ENHANCE_SETTINGS,
  ENHANCE_FLAGS,
  type EnhanceFlag,
  type EnhanceSettings,
  enhanceSettingsSchema,
  INTERIOR_FULL_MAX,
  INTERIOR_MIN,
  type InteriorSceneAnswer,
  type ProcessAnswer,
  type WhiteBalance,
} from '@spinyard/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchEnhancePreview,
  useApplyEnhance,
  useApplyWhiteBalance,
  useEnhance,
  useUndoEnhance,
} from '../../../api/interior.ts';
import { notifySuccess } from '../../../api/notify.ts';
import { CenteredLoader } from '../../../components/CenteredLoader.tsx';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { interiorErrorText, processName } from './interiorText.ts';
import { NEUTRAL_WHITE_BALANCE, sameWhiteBalance, WhiteBalanceControls } from './WhiteBalanceControls.tsx';

interface EnhanceToolProps {
  contentId: string;
  scene: InteriorSceneAnswer;
  enabled: boolean;
  running: ProcessAnswer[];
  readOnly: boolean;
  onClose: () => void;
}

const levelKey = (flag: EnhanceFlag) => `${flag}_level` as const;

/** The live preview follows the sliders after this pause, not at every step. */
const PREVIEW_DELAY_MS = 350;

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
  const [preview, setPreview] = useState<{ url: string | null; loading: boolean; failed: boolean }>({
    url: null,
    loading: false,
    failed: false,
  });
  const [error, setError] = useState<string | null>(null);
  const busy = readOnly || running.length > 0 || apply.isPending || balance.isPending || undo.isPending;
  const wbUnapplied = loaded && !sameWhiteBalance(whiteBalance, tool.data?.white_balance ?? NEUTRAL_WHITE_BALANCE);
  // Without the domain's option the corrections stay off, but the white balance is still offered: its preview is
  // fetched while it differs from the one in force (else the picture in force is the "after" already).
  const previewWanted = loaded && (enabled || wbUnapplied);

  useEffect(() => {
    if (!tool.data || loaded) return;
    setSettings(tool.data.settings);
    if (tool.data.white_balance) setWhiteBalance(tool.data.white_balance);
    setLoaded(true);
  }, [tool.data, loaded]);

  // The live "after": fetched a moment after the last change; the previous picture is released.
  useEffect(() => {
    if (!previewWanted) {
      setPreview({ url: null, loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    const corrections = enabled ? settings : DEFAULT_ENHANCE_SETTINGS;
    const timer = window.setTimeout(() => {
      setPreview((p) => ({ ...p, loading: true, failed: false }));
      fetchEnhancePreview(contentId, scene.id, corrections, whiteBalance, controller.signal).then(
        (made) => {
          url = made;
          setPreview({ url: made, loading: false, failed: false });
        },
        (e: unknown) => {
          if (e instanceof DOMException && e.name === 'AbortError') return;
          setPreview({ url: null, loading: false, failed: true });
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [contentId, scene.id, settings, whiteBalance, enabled, previewWanted]);

  const set = <K extends keyof EnhanceSettings>(key: K, value: EnhanceSettings[K]) =>
    setSettings((s) => ({ ...s, [key]: value }));

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
  const resize = settings.resized_width !== null;
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
            <Alert color="yellow" data-testid="interior-enhance-off">
              {t('interior.enhance.off')}
            </Alert>
          )}
          <Text size="xs" c="gray.7">
            {t('interior.enhance.originalSize', { width: data.original_width, height: data.original_height })}
          </Text>
          <section aria-label={t('interior.enhance.compare')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <figure style={{ margin: 0 }}>
                <img
                  src={data.before}
                  alt={t('interior.enhance.before')}
                  style={{ width: '100%', display: 'block', borderRadius: 6 }}
                />
                <Text component="figcaption" size="sm" ta="center">
                  {t('interior.enhance.before')}
                </Text>
              </figure>
              <figure style={{ margin: 0 }} aria-busy={preview.loading}>
                {previewWanted && preview.url ? (
                  <img
                    src={preview.url}
                    alt={t('interior.enhance.after')}
                    data-testid="interior-enhance-after"
                    style={{ width: '100%', display: 'block', borderRadius: 6 }}
                  />
                ) : (
                  <img
                    src={data.after}
                    alt={t('interior.enhance.after')}
                    style={{ width: '100%', display: 'block', borderRadius: 6 }}
                  />
                )}
                <Text component="figcaption" size="sm" ta="center">
                  {preview.loading
                    ? t('interior.enhance.previewLoading')
                    : preview.failed
                      ? t('interior.enhance.previewError')
                      : t('interior.enhance.after')}
                </Text>
              </figure>
            </SimpleGrid>
          </section>

          {running.map((p) => {
            const label = t('interior.enhance.running', { process: processName(p.process), progress: p.progress });
            return (
              <Stack key={p.id} gap={4}>
                <Text size="sm">{label}</Text>
                <Progress value={p.progress} aria-label={label} animated />
              </Stack>
            );
          })}

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {ENHANCE_FLAGS.map((flag) => {
              const name = t(`interior.enhance.flags.${flag}`);
              return (
                <Stack key={flag} gap={4}>
                  <Switch
                    label={name}
                    checked={settings[flag]}
                    onChange={(e) => set(flag, e.currentTarget.checked)}
                    disabled={!enabled || busy}
                    data-testid={`interior-flag-${flag}`}
                  />
                  <Slider
                    min={0}
                    max={100}
                    value={settings[levelKey(flag)]}
                    onChange={(v) => set(levelKey(flag), v)}
                    thumbLabel={t('interior.enhance.level', { name })}
                    disabled={!enabled || busy || !settings[flag]}
                  />
                </Stack>
              );
            })}
            <Stack gap={4}>
              <Text size="sm">{t('interior.enhance.jpegQuality')}</Text>
              <Slider
                min={1}
                max={100}
                value={settings.jpeg_quality}
                onChange={(v) => set('jpeg_quality', v)}
                thumbLabel={t('interior.enhance.jpegQuality')}
                disabled={!enabled || busy}
              />
            </Stack>
          </SimpleGrid>
          {settings.super_resolution && (
            <Text size="xs" c="gray.7">
              {t('interior.enhance.superNote')}
            </Text>
          )}
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Switch
              label={t('interior.enhance.resize')}
              checked={resize}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                const width = Math.min(INTERIOR_FULL_MAX.width, data.original_width);
                setSettings((s) => ({
                  ...s,
                  resized_width: on ? width : null,
                  resized_height: on ? Math.round(width / 2) : null,
                }));
              }}
              disabled={!enabled || busy}
            />
            {resize && (
              <>
                <NumberInput
                  label={t('interior.enhance.width', { min: INTERIOR_MIN.width, max: INTERIOR_FULL_MAX.width })}
                  value={settings.resized_width ?? 0}
                  min={INTERIOR_MIN.width}
                  max={INTERIOR_FULL_MAX.width}
                  step={2}
                  allowDecimal={false}
                  onChange={(v) => {
                    const width = Number(v) || 0;
                    setSettings((s) => ({ ...s, resized_width: width, resized_height: Math.round(width / 2) }));
                  }}
                  disabled={!enabled || busy}
                  w={200}
                />
                <Text size="sm">{t('interior.enhance.height', { height: settings.resized_height ?? 0 })}</Text>
              </>
            )}
          </Group>
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
