/**
 * The slider holds category images and video links in one order, shown in two panels: a panel reorders its own
 * kind, and the other kind keeps its places. `all` is the whole order, `kindOrder` the panel's items in their new
 * order; the answer is the whole new order.
 */
export function mergeOrder(all: readonly string[], kindOrder: readonly string[]): string[] {
  const mine = new Set(kindOrder);
  const queue = [...kindOrder];
  return all.map((id) => (mine.has(id) ? (queue.shift() as string) : id));
}
