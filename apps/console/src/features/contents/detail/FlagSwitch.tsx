import { Switch } from '@mantine/core';
import type { ContentAnswer } from '@spinyard/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ContentFlag, useSetContentFlag } from '../../../api/contentDetail.ts';
import { notifyError, notifySuccess } from '../../../api/notify.ts';
import { actionErrorText } from '../actions/ContentActionsMenu.tsx';

/**
 * One of the display switches buyers' pages follow (development view, inspection data, defects), turned on or off
 * from the detail page with its own call, without going through the wizard. Greyed out while the vehicle cannot
 * be edited; a refusal (a lock that started meanwhile) is said in a notification.
 */
export function FlagSwitch({
  content,
  flag,
  disabled,
}: {
  content: Pick<ContentAnswer, 'id' | ContentFlag>;
  flag: ContentFlag;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const set = useSetContentFlag();
  const label = t(`contentFields.${flag}`);
  // While the call runs the switch shows where it is going (set in the change event itself, so the controlled
  // input never springs back for a frame); then the refetched vehicle says where it is.
  const [going, setGoing] = useState<boolean | null>(null);
  const checked = going ?? content[flag];

  const change = async (display: boolean) => {
    setGoing(display);
    try {
      await set.mutateAsync({ id: content.id, flag, display });
      notifySuccess(t(display ? 'contentsDetail.flagOn' : 'contentsDetail.flagOff', { name: label }));
    } catch (error) {
      notifyError(actionErrorText(error, t('errors.general_error')));
    } finally {
      setGoing(null);
    }
  };

  return (
    <Switch
      label={label}
      checked={checked}
      onChange={(event) => void change(event.currentTarget.checked)}
      disabled={disabled || set.isPending}
      data-testid={`detail-flag-${flag}`}
    />
  );
}
