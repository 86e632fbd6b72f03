import { Box, Button, Divider, Group, SegmentedControl, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import type { WhiteBalance } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';

/** The manual white balance's two sliders, each from -100 to 100. */
const WB_SLIDERS = ['temperature', 'tint'] as const;

/** No white balance: what a scene without one is, and what undo goes back to. */
export const NEUTRAL_WHITE_BALANCE: WhiteBalance = { mode: 'manual', temperature: 0, tint: 0 };

/** Whether two white balances give the same picture (auto ignores the sliders, as the server does). */
export function sameWhiteBalance(a: WhiteBalance, b: WhiteBalance): boolean {
  if (a.mode !== b.mode) return false;
  return a.mode === 'auto' || (a.temperature === b.temperature && a.tint === b.tint);
}

interface WhiteBalanceControlsProps {
  value: WhiteBalance;
  onChange: (change: (w: WhiteBalance) => WhiteBalance) => void;
  /** The sliders differ from the white balance in force: the preview shows them, nothing is saved yet. */
  unapplied: boolean;
  /** The live "after" (object URL), repeated here on a phone, where the tool's own is scrolled far above. */
  previewUrl: string | null;
  busy: boolean;
  applying: boolean;
  onApply: () => void;
}

/**
 * The image-quality tool's white balance: manual temperature and tint, or automatic (grey world), applied as its own
 * process. The tool's live "after" follows these sliders before they are applied, so the note says they are not
 * kept until applied.
 */
export function WhiteBalanceControls({
  value,
  onChange,
  unapplied,
  previewUrl,
  busy,
  applying,
  onApply,
}: WhiteBalanceControlsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Divider label={t('interior.wb.title')} labelPosition="left" />
      <SegmentedControl
        aria-label={t('interior.wb.mode')}
        value={value.mode}
        onChange={(v) => onChange((w) => ({ ...w, mode: v as WhiteBalance['mode'] }))}
        data={[
          { value: 'manual', label: t('interior.wb.manual') },
          { value: 'auto', label: t('interior.wb.auto') },
        ]}
        disabled={busy}
        data-testid="interior-wb-mode"
      />
      {value.mode === 'manual' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {WB_SLIDERS.map((key) => (
            <Stack key={key} gap={4}>
              <Text size="sm">{t(`interior.wb.${key}`)}</Text>
              <Slider
                min={-100}
                max={100}
                value={value[key]}
                onChange={(v) => onChange((w) => ({ ...w, [key]: v }))}
                thumbLabel={t(`interior.wb.${key}`)}
                disabled={busy}
                data-testid={`interior-wb-${key}`}
              />
            </Stack>
          ))}
        </SimpleGrid>
      )}
      {unapplied && previewUrl && (
        <Box hiddenFrom="sm" data-testid="interior-wb-phone-preview">
          <img
            src={previewUrl}
            alt={t('interior.enhance.after')}
            style={{ width: '100%', maxWidth: 320, display: 'block', borderRadius: 6 }}
          />
        </Box>
      )}
      {unapplied && (
        <Text size="xs" c="gray.7" data-testid="interior-wb-unapplied">
          {t('interior.wb.unapplied')}
        </Text>
      )}
      <Group gap="sm">
        <Button type="button" variant="light" onClick={onApply} disabled={busy} loading={applying}>
          {t('interior.wb.apply')}
        </Button>
      </Group>
    </>
  );
}
