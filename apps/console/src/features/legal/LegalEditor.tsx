import { Button, Group, Stack, Tabs, Text, Textarea } from '@mantine/core';
import {
  LEGAL_LANGUAGES,
  LEGAL_TEXT_MAX_LENGTH,
  type LegalEditAnswer,
  type LegalLanguage,
  type LegalTexts,
} from '@spinyard/domain';
import { IconDeviceFloppy, IconWorldUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/apiError.ts';
import { apiErrorText } from '../../api/errorText.ts';
import { usePublishLegal, useSaveLegalDraft } from '../../api/legal.ts';
import { notifySuccess } from '../../api/notify.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { formatDateTime } from '../../components/formatDateTime.ts';
import { currentLocale } from '../../i18n/locale.ts';
import { FormAlert } from '../auth/FormAlert.tsx';

const EMPTY: LegalTexts = { ja: '', en: '', fr: '', pt: '' };

/** "Text (English)" with the language's own name marked as that language, as the tabs name it. */
function TextLabel({ lang }: { lang: LegalLanguage }) {
  const { t } = useTranslation();
  const mark = '\u0000';
  const [before = '', after = ''] = t('legal.edit.text', { language: mark }).split(mark);
  return (
    <>
      {before}
      <span lang={lang}>{t(`language.${lang}`)}</span>
      {after}
    </>
  );
}

/** The draft of one text of one domain in four languages: saved as a draft, then published as the next version. */
export function LegalEditor({ edit }: { edit: LegalEditAnswer }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [texts, setTexts] = useState<LegalTexts>(edit.draft?.texts ?? edit.versions[0]?.texts ?? EMPTY);
  const [language, setLanguage] = useState<LegalLanguage>('ja');
  const [confirming, setConfirming] = useState(false);
  const save = useSaveLegalDraft(edit.kind, edit.domain_id);
  const publish = usePublishLegal(edit.kind, edit.domain_id);
  const failure = [save.error, publish.error].find((e) => e instanceof ApiError);
  const nextVersion = (edit.versions[0]?.version ?? 0) + 1;
  // The version the confirmation names, taken as it opens: the list reloads as the publish succeeds, and the
  // closing dialog read "publish as version 2" under the notice that version 1 was published.
  const [confirmedVersion, setConfirmedVersion] = useState(nextVersion);
  const empty = texts.ja.trim() === '' && texts.en.trim() === '';
  const saveDraft = (then?: () => void) =>
    save.mutate(texts, { onSuccess: () => (then ? then() : notifySuccess(t('legal.edit.saved'))) });
  const onPublish = () =>
    // What is on screen is what is published: the draft is saved first.
    saveDraft(() =>
      publish.mutate(undefined, {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(t('legal.edit.published', { version: nextVersion }));
        },
        onError: () => setConfirming(false),
      }),
    );

  return (
    <Stack gap="sm" data-testid="legal-editor">
      <Text size="sm" c="gray.7" data-testid="legal-draft-state">
        {edit.draft
          ? t('legal.edit.draftSaved', {
              date: formatDateTime(edit.draft.updated_at, locale),
              author: edit.draft.author ?? t('legal.edit.unknownAuthor'),
            })
          : t('legal.edit.noDraft')}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" onClick={() => setTexts(edit.default_texts)}>
          {t('legal.edit.fromDefault')}
        </Button>
        {edit.versions[0] ? (
          <Button variant="default" size="xs" onClick={() => setTexts(edit.versions[0]?.texts ?? EMPTY)}>
            {t('legal.edit.fromLatest')}
          </Button>
        ) : null}
      </Group>
      <Tabs value={language} onChange={(value) => setLanguage((value as LegalLanguage | null) ?? 'ja')}>
        <Tabs.List aria-label={t('legal.edit.language')}>
          {LEGAL_LANGUAGES.map((lang) => (
            <Tabs.Tab key={lang} value={lang}>
              {/* Each language named in itself (language of parts, WCAG 3.1.2). */}
              <span lang={lang}>{t(`language.${lang}`)}</span>
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LEGAL_LANGUAGES.map((lang) => (
          <Tabs.Panel key={lang} value={lang} pt="sm">
            <Textarea
              label={<TextLabel lang={lang} />}
              description={t('legal.edit.count', { count: texts[lang].length, max: LEGAL_TEXT_MAX_LENGTH })}
              value={texts[lang]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setTexts((current) => ({ ...current, [lang]: value }));
              }}
              maxLength={LEGAL_TEXT_MAX_LENGTH}
              autosize
              minRows={12}
              maxRows={30}
              lang={lang}
              name={`texts.${lang}`}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      <FormAlert message={failure instanceof ApiError ? apiErrorText(failure) : undefined} />
      {empty ? (
        <Text size="sm" c="gray.7">
          {t('legal.edit.empty')}
        </Text>
      ) : null}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          onClick={() => saveDraft()}
          loading={save.isPending && !confirming}
        >
          {t('legal.edit.save')}
        </Button>
        <Button
          leftSection={<IconWorldUpload size={16} aria-hidden />}
          onClick={() => {
            setConfirmedVersion(nextVersion);
            setConfirming(true);
          }}
          disabled={empty}
          data-testid="legal-publish"
        >
          {t('legal.edit.publish')}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={t('legal.edit.publish')}
        confirmLabel={t('legal.edit.publish')}
        onConfirm={onPublish}
        onClose={() => setConfirming(false)}
        loading={save.isPending || publish.isPending}
        color="blue"
        testId="legal-publish-confirm"
      >
        <Text size="sm">{t('legal.edit.publishConfirm', { version: confirmedVersion })}</Text>
      </ConfirmModal>
    </Stack>
  );
}
