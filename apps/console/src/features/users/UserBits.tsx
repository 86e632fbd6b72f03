import { Badge, Button, Group, Modal, NativeSelect, Pagination, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  isPasswordRecommended,
  isPrintableAscii,
  PAGE_SIZES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PageSize,
  type PrivilegeType,
  type UserStatus,
} from '@spinyard/domain';
import { IconCircle, IconCircleCheckFilled, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/locale.ts';

const STATUS_COLORS: Record<UserStatus, string> = {
  active: 'green',
  inactive: 'gray',
  cancel_pending: 'orange',
  cancelled: 'red',
  expired: 'red',
  approval_pending: 'yellow',
};

export function StatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      radius="sm"
      styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
    >
      {t(`users.status.${status}`)}
    </Badge>
  );
}

const ROLE_COLORS: Record<PrivilegeType, string> = { master: 'grape', super: 'indigo', admin: 'blue', normal: 'teal' };

export function RoleBadge({ role }: { role: PrivilegeType }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={ROLE_COLORS[role]}
      variant="outline"
      radius="sm"
      styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
    >
      {t(`roles.${role}`)}
    </Badge>
  );
}

/** Date and time in the user's language, short. '' for a missing value. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** A question before a destructive or lasting action: what happens, then cancel or go ahead. */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  loading = false,
  confirmDisabled = false,
  color = 'red',
  testId,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  confirmDisabled?: boolean;
  color?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={loading ? () => undefined : onClose} title={title} centered radius="lg" size="lg">
      <Stack gap="md" data-testid={testId}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('users.common.cancel')}
          </Button>
          <Button
            color={color}
            onClick={onConfirm}
            loading={loading}
            disabled={confirmDisabled}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Under the table: the range shown, the page size (10 to 300) and the pages. */
export function ListFooter({
  total,
  page,
  limit,
  onPage,
  onLimit,
}: {
  total: number;
  page: number;
  limit: PageSize;
  onPage: (page: number) => void;
  onLimit: (limit: PageSize) => void;
}) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const pages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  const locale = currentLocale();
  return (
    <Group justify="space-between" gap="md" mt="md" wrap="wrap" data-testid="user-list-footer">
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="gray.7" aria-live="polite">
          {t('users.list.range', {
            first: first.toLocaleString(locale),
            last: last.toLocaleString(locale),
            total: total.toLocaleString(locale),
          })}
        </Text>
        <NativeSelect
          size="xs"
          w={150}
          aria-label={t('users.list.pageSize')}
          value={String(limit)}
          onChange={(event) => {
            const next = Number(event.currentTarget.value);
            const size = PAGE_SIZES.find((s) => s === next);
            if (size) onLimit(size);
          }}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: t('users.list.perPage', { size }) }))}
        />
      </Group>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          siblings={narrow ? 0 : 1}
          boundaries={1}
          size="sm"
          getItemProps={(p) => ({ 'aria-label': t('users.list.pageN', { page: p }) })}
        />
      ) : null}
    </Group>
  );
}

/** The password rules under the password, ticked while typing; each line says in words whether it is met. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation();
  const rules = [
    { id: 'min_length', met: password.length >= PASSWORD_MIN_LENGTH, advisory: false },
    { id: 'max_length', met: password.length <= PASSWORD_MAX_LENGTH, advisory: false },
    { id: 'ascii_only', met: password !== '' && isPrintableAscii(password), advisory: false },
    { id: 'letters_and_digits', met: isPasswordRecommended(password), advisory: true },
  ];
  return (
    <Stack gap={4} id={id} data-testid="password-checklist">
      <Text size="sm" fw={600} id={`${id}-title`}>
        {t('passwordRules.title')}
      </Text>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={`${id}-title`}>
        {rules.map((rule) => {
          const Icon = rule.met ? IconCircleCheckFilled : rule.advisory ? IconInfoCircle : IconCircle;
          return (
            <Group component="li" key={rule.id} gap={8} wrap="nowrap" data-met={rule.met}>
              <Icon
                size={18}
                aria-hidden
                style={{ flex: 'none' }}
                color={rule.met ? 'var(--mantine-color-green-8)' : 'var(--mantine-color-gray-6)'}
              />
              <Text size="sm" c={rule.met ? undefined : 'gray.7'}>
                {t(`passwordRules.${rule.id}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
                <VisuallyHidden>
                  {' ('}
                  {rule.met
                    ? t('passwordRules.met')
                    : rule.advisory
                      ? t('passwordRules.advice')
                      : t('passwordRules.notMet')}
                  {')'}
                </VisuallyHidden>
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Stack>
  );
}
