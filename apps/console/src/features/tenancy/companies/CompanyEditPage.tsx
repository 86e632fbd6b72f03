import { Stack } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type Company, useEditOwnCompany, useRemoveCompanyLogo, useUploadCompanyLogo } from '../../../api/companies.ts';
import { notifyInfo, notifySuccess } from '../../../api/notify.ts';
import { ActionButton } from '../../../components/ActionButton.tsx';
import { refreshCompanyLogos } from '../../../components/CompanyLogo.tsx';
import { LinkButton } from '../../../components/LinkButton.tsx';
import { FormActions } from '../shared/FormActions.tsx';
import { PictureUpload } from '../shared/PictureUpload.tsx';
import { SectionCard } from '../shared/SectionCard.tsx';
import { usePictureActions } from '../shared/usePictureActions.ts';
import { CompanyErrorsAlert, CompanyFieldsForm } from './CompanyFieldsForm.tsx';
import { changedCompanyFields, companyFormOf, fieldsOfCompany } from './companyForm.ts';
import { useCompanyForm } from './useCompanyForm.ts';
import { WithCompanyInfo } from './WithCompanyInfo.tsx';

/** /company/edit: the company's fields and its logo (super). */
export function CompanyEditPage() {
  return <WithCompanyInfo>{(info) => <CompanyEditor key={info.company.id} company={info.company} />}</WithCompanyInfo>;
}

function CompanyEditor({ company }: { company: Company }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, showRefusal, submit, hasErrors } = useCompanyForm('headquarters', {
    ...companyFormOf(company),
    headquarters_id: '',
  });
  const edit = useEditOwnCompany();

  const onSubmit = submit(({ headquarters_id: _none, ...checked }) => {
    const patch = changedCompanyFields(fieldsOfCompany(company), checked);
    if (Object.keys(patch).length === 0) {
      notifyInfo(t('companies.form.noChanges'));
      return;
    }
    edit.mutate(patch, {
      onSuccess: () => {
        notifySuccess(t('companies.form.saved'));
        void navigate('/companyinfo/info');
      },
      onError: showRefusal,
    });
  });

  return (
    <Stack gap="lg" maw={1080} mx="auto">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t('screens.company_edit')}>
        <Stack gap="lg">
          {hasErrors ? <CompanyErrorsAlert /> : null}
          <CompanyFieldsForm form={form} disabled={edit.isPending} />
          <CompanyLogoCard company={company} />
          <FormActions>
            <LinkButton to="/companyinfo/info" variant="default" icon={IconArrowLeft}>
              {t('companies.form.cancel')}
            </LinkButton>
            <ActionButton icon={IconDeviceFloppy} type="submit" loading={edit.isPending} testId="company-save">
              {t('companies.form.save')}
            </ActionButton>
          </FormActions>
        </Stack>
      </form>
    </Stack>
  );
}

/** The company logo: checked here (png, gif or jpeg, up to 5 MB), then by the server; the sidebar follows at once. */
function CompanyLogoCard({ company }: { company: Company }) {
  const { t } = useTranslation();
  const upload = useUploadCompanyLogo();
  const remove = useRemoveCompanyLogo();
  const [current, setCurrent] = useState(company.logo_url);
  const label = t('companies.logo.name');
  const stored = (next: Company) => {
    setCurrent(next.logo_url);
    refreshCompanyLogos();
  };
  const actions = usePictureActions(label, {
    upload: async (image, fileName) => stored(await upload.mutateAsync({ image, fileName })),
    remove: async () => stored(await remove.mutateAsync()),
  });
  return (
    <SectionCard title={t('companies.logo.title')} description={t('companies.logo.help')} id="company-logo">
      <PictureUpload
        kind="company_logo"
        label={label}
        showLabel={false}
        currentUrl={current}
        previewHeight={120}
        testId="company-logo"
        {...actions}
      />
    </SectionCard>
  );
}
