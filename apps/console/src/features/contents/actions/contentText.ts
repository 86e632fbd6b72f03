import type { ContentListItem } from '@spinyard/domain';

/** How a vehicle is named in menus and messages: maker and car name, else its management ID. */
export function contentName(item: Pick<ContentListItem, 'maker' | 'car_name' | 'management_id'>): string {
  const name = [item.maker, item.car_name].filter((part) => part.trim() !== '').join(' ');
  return name === '' ? item.management_id : `${name} (${item.management_id})`;
}
