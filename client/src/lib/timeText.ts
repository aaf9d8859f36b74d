/** Times of day as people read them, without dayjs: the board preview (src/early/) shows them before dayjs has loaded. */

/** "2:30 PM" for a wall-clock "HH:mm"; anything else is returned unchanged. */
export function formatTime(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const suffix = hours < 12 ? "AM" : "PM";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${suffix}`;
}
