import { NativeSelect } from '@mantine/core';

/** Choosing the row (exterior) or scene (interior) the annotator shows; there is nothing to choose with only one. */
export function PlacePicker(props: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  width: number;
  onPick: (value: string) => void;
}) {
  if (props.options.length < 2) return null;
  return (
    <NativeSelect
      label={props.label}
      value={props.value}
      onChange={(e) => props.onPick(e.currentTarget.value)}
      data={props.options}
      w={props.width}
    />
  );
}
