import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type CsAccountAnswer, csLoginBody, LINK_STATISTICS } from '@spinyard/domain';
import { IconLogin, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import {
  useListingAccount,
  useListingAutojoin,
  useListingLatest,
  useListingLogin,
  useListingLogout,
} from '../../api/listing.ts';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import { useServerFieldErrors } from '../../forms/useServerFieldErrors.ts';
import { useZodForm } from '../../forms/useZodForm.ts';
import { FormAlert } from '../auth/FormAlert.tsx';
import { TestPartnerNote } from './TestPartnerNote.tsx';

const FIELDS = ['login_id', 'password', 'corporation_code', 'contact_code'] as const;
const NAME_KEYS = {
  login_id: 'listing.loginId',
  password: 'listing.password',
  corporation_code: 'listing.corporationCode',
  contact_code: 'listing.contactCode',
} as const;

/** The dealer's sign-in to the listing site: its login ID and password, kept sealed on the server. */
function SignInForm({ account }: { account: CsAccountAnswer }) {
  const { t } = useTranslation();
  const defaults = {
    login_id: account.login_id,
    password: '',
    corporation_code: account.corporation_code,
    contact_code: account.contact_code,
  };
  const form = useZodForm(csLoginBody, { defaultValues: defaults, nameKeys: NAME_KEYS });
  const showRefusal = useServerFieldErrors(form, { fields: FIELDS, nameKeys: NAME_KEYS });
  const login = useListingLogin();
  const onSubmit = form.handleSubmit((values) => login.mutate(values, { onError: showRefusal }));
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('listing.signIn')}>
      <Stack gap="sm" maw={480}>
        <FormAlert message={form.formError} testId="listing-login-error" />
        <TextInput
          {...form.field('login_id')}
          label={t(NAME_KEYS.login_id)}
          withAsterisk
          aria-required
          autoComplete="username"
        />
        <PasswordInput
          {...form.field('password')}
          label={t(NAME_KEYS.password)}
          withAsterisk
          aria-required
          autoComplete="current-password"
        />
        <TextInput {...form.field('corporation_code')} label={t(NAME_KEYS.corporation_code)} />
        <TextInput {...form.field('contact_code')} label={t(NAME_KEYS.contact_code)} />
        <Button
          type="submit"
          leftSection={<IconLogin size={16} aria-hidden />}
          loading={login.isPending}
          w="fit-content"
          data-testid="listing-sign-in"
        >
          {t('listing.signIn')}
        </Button>
      </Stack>
    </form>
  );
}

/** Remaining, new, republished, unpublished, deleted and failed links (the last 24 hours; remaining: still to make). */
function LinkFigures({ following }: { following: boolean }) {
  const { t } = useTranslation();
  const latest = useListingLatest(true, following);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="listing-figures">
      <Title order={2} size="h4" id="listing-figures">
        {t('listing.stats.title')}
      </Title>
      <Text size="sm" c="gray.7" mb="sm">
        {t('listing.stats.help')}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm">
        {LINK_STATISTICS.map((key) => (
          <Stack key={key} gap={2} data-testid={`listing-stat-${key}`}>
            <Text size="xs" c="gray.7">
              {t(`listing.stats.${key}`)}
            </Text>
            <Text size="xl" fw={700}>
              {latest.data ? latest.data.counts[key].toLocaleString() : '–'}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}

function SignedIn({ account }: { account: CsAccountAnswer }) {
  const { t } = useTranslation();
  const logout = useListingLogout();
  const autojoin = useListingAutojoin();
  const client = account.client;
  return (
    <Stack gap="md">
      {client ? (
        <Text size="sm">
          {t('listing.client', { name: client.name, count: client.registered_count, limit: client.registration_limit })}
          {client.capable_360 ? null : ` ${t('listing.notCapable360')}`}
        </Text>
      ) : null}
      <Switch
        checked={account.autojoin}
        onChange={(event) => autojoin.mutate(event.currentTarget.checked)}
        disabled={autojoin.isPending}
        label={t('listing.autojoin')}
        description={t('listing.autojoinHelp')}
        data-testid="listing-autojoin"
      />
      {autojoin.error instanceof ApiError ? <Alert color="red">{apiErrorText(autojoin.error)}</Alert> : null}
      <Button
        variant="light"
        color="gray"
        leftSection={<IconLogout size={16} aria-hidden />}
        onClick={() => logout.mutate()}
        loading={logout.isPending}
        w="fit-content"
      >
        {t('listing.signOut')}
      </Button>
    </Stack>
  );
}

/**
 * /account-link (first document section 2): the dealer signs in to the listing site once; the page says whether the
 * partner holds the session, turns the automatic link on or off and shows the link figures.
 */
export function AccountLinkPage() {
  const { t } = useTranslation();
  const account = useListingAccount();
  if (!account.data) return <CenteredLoader />;
  const a = account.data;
  if (!a.joined) {
    return (
      <Alert color="gray" maw={720} data-testid="listing-not-joined">
        {t('listing.notJoined')}
      </Alert>
    );
  }
  return (
    <Stack gap="lg" maw={960}>
      <TestPartnerNote />
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="listing-account">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="listing-account">
            {t('listing.account')}
          </Title>
          <Badge color={a.signed_in ? 'teal.9' : 'gray.7'} variant="filled" data-testid="listing-status">
            {t(a.signed_in ? 'listing.signedIn' : 'listing.signedOut')}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7" mb="md">
          {t('listing.lead')}
        </Text>
        {a.signed_in ? <SignedIn account={a} /> : <SignInForm account={a} />}
      </Card>
      {a.signed_in ? <LinkFigures following={a.autojoin} /> : null}
    </Stack>
  );
}
