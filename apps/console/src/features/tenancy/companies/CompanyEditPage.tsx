import { Button, Stack } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type Company,
  type CompanyInfo,
  companyKeys,
  editOwnCompany,
  removeCompanyLogo,
  uploadCompanyLogo,
} from '../../../api/companies.ts';
import { notifyInfo, notifySuccess } from '../../../api/notify.ts';
import { PROFILE_QUERY_KEY, type Profile } from '../../../api/profile.ts';
import { sessionCache } from '../../../api/sessionCache.ts';
import { refreshCompanyLogos } from '../../../components/CompanyLogo.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { refusalOf } from '../../../components/refusal.ts';
import { FormActions } from '../shared/FormActions.tsx';
import { PictureUpload } from '../shared/PictureUpload.tsx';
import { SectionCard } from '../shared/SectionCard.tsx';
import { CompanyErrorsAlert, CompanyFieldsForm } from './CompanyFieldsForm.tsx';
import { changedCompanyFields, companyFormOf, fieldsOfCompany, parseCompanyForm } from './companyForm.ts';
import { useCompanyForm } from './useCompanyForm.ts';
import { WithCompanyInfo } from './WithCompanyInfo.tsx';

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
  return <WithCompanyInfo>{(info) => <CompanyEditor key={info.company.id} company={info.company} />}</WithCompanyInfo>;
}

function CompanyEditor({ company }: { company: Company }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const store = useStoreCompany();
  const form = useCompanyForm(() => companyFormOf(company));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseCompanyForm(form.values);
    if (!parsed.ok) {
      form.refuse(parsed.fields);
      return;
    }
    const patch = changedCompanyFields(fieldsOfCompany(company), parsed.company);
    if (Object.keys(patch).length === 0) {
      notifyInfo(t('companies.form.noChanges'));
      return;
    }
    await form.save(async () => {
      store(await editOwnCompany(patch));
      notifySuccess(t('companies.form.saved'));
      await navigate('/companyinfo/info');
    });
  };

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('screens.company_edit')}>
        <Stack gap="lg">
          {form.hasErrors ? <CompanyErrorsAlert /> : null}
          <CompanyFieldsForm {...form.fieldsProps} />
          <CompanyLogoCard company={company} onStored={store} />
          <FormActions>
            <LinkButton to="/companyinfo/info" variant="default" icon={IconArrowLeft}>
              {t('companies.form.cancel')}
            </LinkButton>
            <Button
              type="submit"
              loading={form.saving}
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
