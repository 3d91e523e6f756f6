/**
 * The benches' integer options: node:util parseArgs hands every value over as a string, so each
 * bench reads its numbers through this and refuses one outside its range before any work
 * starts, naming the option as it was typed.
 */
export function integerOptions<Name extends string>(
  values: Partial<Record<Name, string | boolean>>,
): (name: Name, min: number, max: number) => number {
  return (name, min, max) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new Error(`--${name} must be an integer between ${min} and ${max}`);
    }
    return value;
  };
}
