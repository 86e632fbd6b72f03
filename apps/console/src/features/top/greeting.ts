/** The greeting of the landing page follows the local time of day, as a person at the dealership would. */
export function greetingKey(hour: number): 'top.greeting.morning' | 'top.greeting.afternoon' | 'top.greeting.evening' {
  if (hour >= 5 && hour < 11) return 'top.greeting.morning';
  if (hour >= 11 && hour < 18) return 'top.greeting.afternoon';
  return 'top.greeting.evening';
}
