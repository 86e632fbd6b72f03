import { Stack } from '@mantine/core';
import type { FileListHooks } from '../../../api/slider.ts';
import type { UploadRule } from '../../../shared/media-check/uploadRules.ts';
import { FileUpload, type FileUploadProps } from './FileUpload.tsx';
import { MediaList, type MediaListItem } from './MediaList.tsx';
import { SliderNotLoaded } from './SliderNotLoaded.tsx';
import { notifyRefusal } from './sliderText.ts';

export interface FileListPanelProps<I> {
  files: FileListHooks<{ items: I[]; max_bytes: number }, unknown>;
  readOnly: boolean;
  /** The picker's words and rule; the hint is given the list's size limit in MB. */
  upload: Pick<FileUploadProps, 'label' | 'accept' | 'multiple' | 'testId'> & {
    /** The kinds of rule that need nothing but the size limit. */
    rule: Exclude<UploadRule, { minSeconds: number }>['kind'];
    hint: (mb: number) => string;
  };
  list: { testId: string; empty: string };
  item: (item: I, index: number) => MediaListItem;
}

/**
 * A list of files of the slider area (original videos, the rider view): a picker that adds to it, then the list in
 * order, reordered and deleted in place. The list's answer carries its size limit, which the picker judges by.
 */
export function FileListPanel<I>({ files, readOnly, upload, list, item }: FileListPanelProps<I>) {
  const { list: query, add, reorder, remove } = files;
  if (query.isPending || query.isError) return <SliderNotLoaded failed={query.isError} />;
  const { items, max_bytes } = query.data;
  return (
    <Stack gap="md">
      <FileUpload
        {...upload}
        disabled={readOnly}
        rule={{ kind: upload.rule, maxBytes: max_bytes }}
        upload={(file, onProgress) => add.mutateAsync({ file, onProgress })}
        hint={upload.hint(Math.round(max_bytes / 1024 / 1024))}
      />
      <MediaList
        {...list}
        readOnly={readOnly}
        busy={reorder.isPending || remove.isPending}
        items={items.map(item)}
        onReorder={(ids) => reorder.mutate({ ids }, { onError: notifyRefusal })}
        onDelete={(id) => remove.mutateAsync(id).catch(notifyRefusal)}
      />
    </Stack>
  );
}
