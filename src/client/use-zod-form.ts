// One form state for the islands' forms (docs/decisions/0025-page-behaviour.md): the values, one
// error a field from the same zod schema the server checks (on submit, and on leaving a field
// that has text), the server's 422 field errors merged in, a form-level message, the busy flag
// while a request is out, and reset. The pure parts (formProblems, serverFieldErrors) are tested
// on their own; the hook only keeps them in React state. A form may load its schema (and with it
// zod) on its first focus or input instead of with the page (docs/decisions/0042-page-weight.md):
// a check asked before it has loaded waits for it.
import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { z } from 'zod';
import type { ApiAnswer } from './api-client';
import { fieldErrors } from './form-fields';

/** The controls whose text `text()` follows. */
type TextControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** One message a field. */
export type FieldErrors = Record<string, string>;

/** The schema's verdict on `input`, with the extra rules' problems added where the schema found none. */
export function formProblems<S extends z.ZodType>(
  schema: S,
  input: unknown,
  extra: FieldErrors = {},
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(input);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  for (const [field, message] of Object.entries(extra)) errors[field] ??= message;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, data: parsed.data };
  return { ok: false, errors };
}

/**
 * The field errors of a refused answer (422) that belong to this form: `names` lists its fields,
 * or maps the server's names to the form's (`{ confirmpassword: 'c_password' }`).
 */
export function serverFieldErrors(
  answer: Pick<ApiAnswer<unknown>, 'fields'>,
  names: readonly string[] | Record<string, string>,
): FieldErrors {
  const map: Record<string, string> = Array.isArray(names)
    ? Object.fromEntries(names.map((n) => [n, n]))
    : (names as Record<string, string>);
  const found: FieldErrors = {};
  for (const [key, message] of Object.entries(answer.fields)) {
    const field = map[key];
    if (field) found[field] ??= message;
  }
  return found;
}

/** The first field in `order` that has an error. */
export function firstWithError(order: readonly string[], errors: FieldErrors): string | undefined {
  return order.find((field) => errors[field]);
}

/** A schema loaded when the form is first used (a dynamic import), and the form's message if it cannot load. */
export interface LazySchema<S extends z.ZodType> {
  load: () => Promise<S>;
  failed: string;
}

const isLazy = <S extends z.ZodType>(schema: S | LazySchema<S>): schema is LazySchema<S> =>
  typeof (schema as Partial<LazySchema<S>>).load === 'function';

/** Where a form's schema comes from: `current` is it once here; `get` loads it once, and again after a failed load. */
export function schemaSource<S extends z.ZodType>(schema: S | LazySchema<S>): { current: () => S | null; get: () => Promise<S> } {
  if (!isLazy(schema)) return { current: () => schema, get: () => Promise.resolve(schema) };
  let loaded: S | null = null;
  let loading: Promise<S> | null = null;
  return {
    current: () => loaded,
    get: () => {
      if (loaded) return Promise.resolve(loaded);
      loading ??= schema.load().then(
        (found) => (loaded = found),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

export interface ZodFormOptions<V extends object, S extends z.ZodType> {
  schema: S | LazySchema<S>;
  initial: V | (() => V);
  /** What the schema checks when it is not the values as they are (a field left out, an e-mail normalised). */
  input?: (values: V) => unknown;
  /** Rules the schema says late or not at all (a confirmation must match at once): one message a field. */
  check?: (values: V) => FieldErrors;
  /** The fields in screen order: after a refusal the first one with an error takes the focus (by name, in attach). */
  focusOrder?: readonly (keyof V & string)[];
}

/** What a submit handler gets: the schema's output (what is sent) and the values as typed. */
export interface Parsed<V, Out> {
  data: Out;
  values: V;
}

export interface ZodForm<V extends object, Out> {
  values: V;
  errors: FieldErrors;
  formError: string | null;
  busy: boolean;
  /** For <form ref>: where focusOrder looks for the fields (`<form ref={form.attach}>`). */
  attach: (form: HTMLFormElement | null) => void;
  /** Sets a value and clears that field's error. */
  set: <K extends keyof V>(key: K, value: V[K]) => void;
  /** A text input's value, its error and its change handler (`{...form.text('email')}`), through `clean` if given. */
  text: (
    key: { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string,
    clean?: (value: string) => string,
  ) => { name: string; value: string; error: string | undefined; onChange: (event: ChangeEvent<TextControl>) => void };
  setError: (field: string, message: string | null) => void;
  setFormError: (message: string | null) => void;
  /** On leaving a field: a field with text is checked now; an empty one waits for submit. */
  validate: (field: keyof V & string) => void;
  /** Back to `values` (or the initial ones), without errors. */
  reset: (values?: V) => void;
  /** The submit handler: checks the values, then hands the parsed data to `send` while busy. */
  submit: (send: (parsed: Parsed<V, Out>) => Promise<void>) => (event: SubmitEvent) => void;
  /** The page is going away (reload, another page): the form stays busy after `send` ends. */
  keepBusy: () => void;
  /** Shows the answer's field errors that belong to the form; null when it has none. */
  showServerErrors: (answer: Pick<ApiAnswer<unknown>, 'fields'>, names?: readonly string[] | Record<string, string>) => FieldErrors | null;
}

export function useZodForm<V extends object, S extends z.ZodType>(options: ZodFormOptions<V, S>): ZodForm<V, z.output<S>> {
  const { schema, input = (v: V) => v, check, focusOrder } = options;
  const [initial] = useState(options.initial);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyNow = useRef(false);
  const leaving = useRef(false);
  const formElement = useRef<HTMLFormElement | null>(null);
  const [source] = useState(() => schemaSource(schema));
  const loadFailed = isLazy(schema) ? schema.failed : '';
  // The first focus or input starts the load, so the schema is usually here by the first check.
  const [prefetch] = useState(() => () => void source.get().catch(() => {}));

  const setError = (field: string, message: string | null) =>
    setErrors(({ [field]: _drop, ...rest }) => (message ? { ...rest, [field]: message } : rest));

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    if (!source.current()) prefetch();
    setValues((v) => ({ ...v, [key]: value }));
    setError(String(key), null);
  };

  const focusFirst = (found: FieldErrors) => {
    const first = focusOrder && firstWithError(focusOrder, found);
    if (first) window.setTimeout(() => formElement.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus(), 0);
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    focusFirst(found);
  };

  const verdict = (rules: S, current: V) => formProblems(rules, input(current), check?.(current));

  return {
    values,
    errors,
    formError,
    busy,
    attach: (form) => {
      formElement.current = form;
      // The same listener each render: addEventListener keeps one.
      if (form && !source.current()) form.addEventListener('focusin', prefetch, { once: true });
    },
    set,
    text: (key, clean) => ({
      name: key,
      value: values[key] as string,
      error: errors[key],
      onChange: (event) => set(key, (clean ? clean(event.target.value) : event.target.value) as V[typeof key]),
    }),
    setError,
    setFormError,
    validate: (field) => {
      const value = values[field];
      if (value === '' || value === undefined || value === null) return;
      const show = (rules: S) => {
        const found = verdict(rules, values);
        setError(field, found.ok ? null : (found.errors[field] ?? null));
      };
      const rules = source.current();
      if (rules) show(rules);
      else void source.get().then(show, () => {});
    },
    reset: (next) => {
      setValues(next ?? initial);
      setErrors({});
      setFormError(null);
    },
    submit: (send) => (event) => {
      event.preventDefault();
      if (busyNow.current) return;
      setFormError(null);
      const run = (rules: S) => {
        const found = verdict(rules, values);
        if (!found.ok) {
          showErrors(found.errors);
          return;
        }
        setErrors({});
        busyNow.current = true;
        setBusy(true);
        void send({ data: found.data, values }).finally(() => {
          if (leaving.current) return;
          busyNow.current = false;
          setBusy(false);
        });
      };
      const rules = source.current();
      if (rules) {
        run(rules);
        return;
      }
      // Not loaded yet (submitted before any focus): a second submit meanwhile is ignored.
      busyNow.current = true;
      source.get().then(
        (rules) => {
          busyNow.current = false;
          run(rules);
        },
        () => {
          busyNow.current = false;
          setFormError(loadFailed);
        },
      );
    },
    keepBusy: () => {
      leaving.current = true;
    },
    showServerErrors: (answer, names = Object.keys(values)) => {
      const found = serverFieldErrors(answer, names);
      if (Object.keys(found).length === 0) return null;
      showErrors(found);
      return found;
    },
  };
}
