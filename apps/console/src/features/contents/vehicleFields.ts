import { type BasicInfoKey, basicInfoKeysOnHost, fieldLabelHost, type HostFlags } from '@spinyard/domain';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../api/profile.ts';
import type { ContentStyle } from './wizard/contentForm.ts';

const NO_FLAGS: HostFlags = [];

/**
 * The vehicle's fields as the signed-in user's host shows them (packages/domain/src/hosts.ts): which basic info
 * fields (a bike's, a car's; an auction lot's without retail prices) and each field's label, the host's own word
 * where it has one (`hostFields.<host>.<field>`: an auction's lot number, a bike's model), else the usual one.
 */
export function useVehicleFields() {
  const { t } = useTranslation();
  const flags = useProfile().data?.domain.host_flags ?? NO_FLAGS;
  const host = fieldLabelHost(flags);
  return {
    keysFor: (style: ContentStyle): BasicInfoKey[] => basicInfoKeysOnHost(style, flags),
    label: (name: string): string =>
      t(host ? [`hostFields.${host}.${name}`, `contentFields.${name}`] : `contentFields.${name}`),
  };
}
