import {
  type CSSVariablesResolver,
  createTheme,
  defaultVariantColorsResolver,
  Input,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import classes from './theme.module.css';

const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans JP", "Noto Sans CJK JP", Meiryo, Roboto, "Helvetica Neue", Arial, sans-serif';

/** Bright hues whose darkest Mantine shade is still under 4.5:1 on their own pale tint. */
const DEEP_TEXT: Readonly<Record<string, string>> = {
  orange: '#9a3412',
  yellow: '#854d0e',
  lime: '#3f6212',
  green: '#166534',
  teal: '#115e59',
  cyan: '#155e75',
};

/** Warning text (a lock, unsaved changes) on white: Mantine's darkest orange reads at 4.3:1, this at 7:1. */
export const WARNING_TEXT = DEEP_TEXT.orange;

/**
 * Mantine's "light" variant writes shade 6 on a pale tint, under the 4.5:1 contrast that dealers' older
 * monitors and the accessibility checks need; shade 9 of the same colour (or a deeper tone of the bright
 * hues) keeps the look and passes.
 */
const readableVariantColors: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return colors;
  return { ...colors, color: DEEP_TEXT[parsed.color] ?? `var(--mantine-color-${parsed.color}-9)` };
};

/** The console's look: Mantine with a font stack that renders Japanese well everywhere (Japanese is the default). */
export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons, and blue links on white, above the 4.5:1 contrast ratio.
  primaryShade: 8,
  defaultRadius: 'md',
  // Dealers who ask their system for less motion get no sliding or fading (notifications, modals, menus).
  respectReducedMotion: true,
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '700' },
  variantColorResolver: readableVariantColors,
  // Text fields, selects and password fields show keyboard focus with the buttons' ring, not a 1 px tint.
  components: { Input: Input.extend({ classNames: { input: classes.input } }) },
});

/**
 * Field errors in Mantine's default red (shade 6) and "dimmed" captions (gray 6) read at about 3.3:1 on white;
 * the darker shades read at 5:1 and more.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});
