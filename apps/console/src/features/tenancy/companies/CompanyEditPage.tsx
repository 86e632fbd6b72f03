import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { FieldError } from '@spinyard/domain';
import { IconAlertCircle, IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  type Company,
  type CompanyInfo,
  companyKeys,
  editOwnCompany,
  removeCompanyLogo,
  uploadCompanyLogo,
  useCompanyInfo,
} from '../../../api/companies.ts';
import { notifyInfo, notifySuccess } from '../../../api/notify.ts';
import { PROFILE_QUERY_KEY, type Profile } from '../../../api/profile.ts';
import { sessionCache } from '../../../api/sessionCache.ts';
import { refreshCompanyLogos } from '../../../components/CompanyLogo.tsx';
import { focusFirstInvalid } from '../../../components/focusFirstInvalid.ts';
import { refusalOf } from '../../../components/refusal.ts';
import { FormActions } from '../shared/FormActions.tsx';
import { PictureUpload } from '../shared/PictureUpload.tsx';
import { SectionCard } from '../shared/SectionCard.tsx';
import { useScrollTop } from '../shared/useScrollTop.ts';
import { CompanyFieldsForm } from './CompanyFieldsForm.tsx';
import {
  type CompanyFormValues,
  changedCompanyFields,
  companyFormOf,
  fieldsOfCompany,
  parseCompanyForm,
} from './companyForm.ts';

/**
 * The signed-in user's company as the rest of the console shows it: the company page's answer, and the name in
 * the profile (the sidebar's title), cached for the session.
 */
function useStoreCompany() {
  const queryClient = useQueryClient();
  return (company: Company) => {
    queryClient.setQueryData<CompanyInfo>(companyKeys.info, (info) => (info ? { ...info, company } : info));
    void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    const profile = queryClient.getQueryData<Profile>(PROFILE_QUERY_KEY);
    if (profile?.company && profile.company.id === company.id && profile.company.name !== company.name) {
      const next: Profile = { ...profile, company: { ...profile.company, name: company.name } };
      queryClient.setQueryData(PROFILE_QUERY_KEY, next);
      sessionCache.write('profile', next);
    }
  };
}

/** /company/edit: the company's fields and its logo (super). */
export function CompanyEditPage() {
  useScrollTop();
  const { t } = useTranslation();
  const info = useCompanyInfo();
  if (info.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (info.isError) {
    return (
      <Stack align="center" py="xl">
        <Text>{t('companies.info.loadFailed')}</Text>
        <Button onClick={() => void info.refetch()} variant="light">
          {t('common.retry')}
        </Button>
      </Stack>
    );
  }
  return <CompanyEditor key={info.data.company.id} company={info.data.company} />;
}

function CompanyEditor({ company }: { company: Company }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useStoreCompany();
  const [values, setValues] = useState<CompanyFormValues>(() => companyFormOf(company));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const byField: Record<string, FieldError> = {};
  for (const e of errors) byField[e.field] ??= e;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseCompanyForm(values);
    if (!parsed.ok) {
      setErrors(parsed.fields);
      focusFirstInvalid();
      return;
    }
    const patch = changedCompanyFields(fieldsOfCompany(company), parsed.company);
    if (Object.keys(patch).length === 0) {
      notifyInfo(t('companies.form.noChanges'));
      return;
    }
    setSaving(true);
    try {
      store(await editOwnCompany(patch));
      notifySuccess(t('companies.form.saved'));
      await navigate('/companyinfo/info');
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.fields.length > 0) {
        setErrors(refusal.fields);
        focusFirstInvalid();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('screens.company_edit')}>
        <Stack gap="lg">
          {errors.length > 0 ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('companies.form.checkErrors')}
            </Alert>
          ) : null}
          <CompanyFieldsForm
            values={values}
            onChange={setValues}
            errors={byField}
            onFieldEdited={(field) => {
              if (byField[field]) setErrors((list) => list.filter((e) => e.field !== field));
            }}
            disabled={saving}
          />
          <CompanyLogoCard company={company} onStored={store} />
          <FormActions>
            <Button
              component={Link}
              to="/companyinfo/info"
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t('companies.form.cancel')}
            </Button>
            <Button
              type="submit"
              loading={saving}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              data-testid="company-save"
            >
              {t('companies.form.save')}
            </Button>
          </FormActions>
        </Stack>
      </form>
    </Stack>
  );
}

/** The company logo: checked here (png, gif or jpeg, up to 5 MB), then by the server; the sidebar follows at once. */
function CompanyLogoCard({ company, onStored }: { company: Company; onStored: (company: Company) => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(company.logo_url);
  const label = t('companies.logo.name');
  const stored = (next: Company) => {
    setCurrent(next.logo_url);
    onStored(next);
    refreshCompanyLogos();
  };
  return (
    <SectionCard title={t('companies.logo.title')} description={t('companies.logo.help')} id="company-logo">
      <PictureUpload
        kind="company_logo"
        label={label}
        showLabel={false}
        currentUrl={current}
        previewHeight={120}
        testId="company-logo"
        onUpload={async (dataUrl, fileName) => {
          try {
            stored(await uploadCompanyLogo(dataUrl, fileName));
            notifySuccess(t('domains.images.uploaded', { name: label }));
            return undefined;
          } catch (error) {
            return refusalOf(error);
          }
        }}
        onRemove={async () => {
          try {
            stored(await removeCompanyLogo());
            notifySuccess(t('domains.images.removed', { name: label }));
            return true;
          } catch (error) {
            refusalOf(error);
            return false;
          }
        }}
      />
    </SectionCard>
  );
}
