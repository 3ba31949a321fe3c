/**
 * tsx compiles with esbuild's keepNames, which wraps functions in `__name(…)`: the page needs it
 * defined before any of our functions run there.
 */
const nameShim = 'globalThis.__name = globalThis.__name || function (target) { return target; };';

type PageFunction = (...args: never[]) => unknown;

/**
 * An init script (it runs at the start of every document, before the app) that defines `functions`
 * by their source, calls `call.entry(call.arg)` and makes the `expose`d ones properties of `window`
 * (Playwright wraps the script in a function: its declarations are not globals). The functions may
 * use only their arguments, browser globals and each other.
 */
export function pageScript(
  functions: readonly PageFunction[],
  call: { entry: PageFunction; arg: unknown; expose: readonly PageFunction[] },
): string {
  const names = new Set(functions.map((each) => each.name));
  for (const each of [call.entry, ...call.expose])
    if (!names.has(each.name)) throw new Error(`${each.name} is not among the page functions`);
  return [
    nameShim,
    ...functions.map(String),
    ...call.expose.map((each) => `window.${each.name} = ${each.name};`),
    `${call.entry.name}(${JSON.stringify(call.arg)});`,
  ].join('\n');
}
