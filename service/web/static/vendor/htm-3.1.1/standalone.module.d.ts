// Types of the vendored module's exports that the web table uses (htm 3.1.1 ships
// none for its standalone build); Preact 10's own signatures, trimmed.
export type VNode = { type: unknown; props: Record<string, unknown>; key?: unknown };
export type Child = VNode | string | number | boolean | null | undefined | Child[];
export function html(strings: TemplateStringsArray, ...values: unknown[]): VNode;
export function render(vnode: Child, parent: Element): void;
export function useState<S>(initial: S | (() => S)): [S, (next: S | ((previous: S) => S)) => void];
export function useEffect(effect: () => void | (() => void), inputs?: readonly unknown[]): void;
export function useRef<T>(initial: T): { current: T };
export function useLayoutEffect(effect: () => void | (() => void), inputs?: readonly unknown[]): void;
export function useErrorBoundary(callback?: (error: unknown) => void): [unknown, () => void];
export function useMemo<T>(factory: () => T, inputs: readonly unknown[]): T;
export function useCallback<T extends (...args: never[]) => unknown>(
  callback: T,
  inputs: readonly unknown[],
): T;
