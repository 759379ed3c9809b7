'use client';

import { useCallback, useRef, useState } from 'react';
import type { FieldError, FieldValues, Resolver, UseFormSetError } from 'react-hook-form';

/**
 * The part of react-hook-form's `useForm` the public pages' forms use (login, sign-up,
 * contact), in a few hundred bytes instead of react-hook-form's 14 kB, so that those pages
 * load less JavaScript. It behaves as `useForm({ resolver, defaultValues })` with its
 * defaults (mode 'onSubmit', reValidateMode 'onChange', shouldFocusError):
 *  - uncontrolled inputs (`register(name)`), their default values set when they mount;
 *  - nothing is validated before the first submit; a submit validates every field with the
 *    resolver, shows the first message of each invalid field and focuses the first of them
 *    (in the order the fields were registered), or calls the handler with the resolver's
 *    values; after the first submit, a change re-validates that field;
 *  - `formState`: errors, isSubmitting, isSubmitSuccessful (false when the handler throws;
 *    the error is thrown on to the caller, as react-hook-form does);
 *  - `setError`, `getValues(name)`, `reset(values)`.
 * The resolver is the forms' own (a zod schema loaded on first use, lib/client/lazy-resolver.ts),
 * so the messages are those of the schema. Type-only imports of react-hook-form cost nothing.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Errors<T> = Partial<Record<keyof T, FieldError>>;

export interface LightFormState<T> {
  errors: Errors<T>;
  isSubmitting: boolean;
  isSubmitSuccessful: boolean;
}

export interface Registration {
  name: string;
  ref: (element: Control | null) => void;
  onChange: () => void;
  onBlur: () => void;
}

/** Sets an uncontrolled control's value (outside the hook: the DOM is not React state). */
function setValue(element: Control, value: unknown) {
  element.value = String(value ?? '');
}

export function useLightForm<T extends FieldValues>({
  resolver,
  defaultValues,
}: {
  resolver: Resolver<T>;
  defaultValues: T;
}) {
  const [formState, setFormState] = useState<LightFormState<T>>({
    errors: {},
    isSubmitting: false,
    isSubmitSuccessful: false,
  });
  const elements = useRef(new Map<keyof T & string, Control>());
  const registrations = useRef(new Map<keyof T & string, Registration>());
  const submitted = useRef(false);
  // The latest defaults, for fields mounted later and for `reset()` without values.
  const defaults = useRef(defaultValues);

  const getValues = useCallback((): T => {
    const values: Record<string, unknown> = { ...defaults.current };
    for (const [name, element] of elements.current) values[name] = element.value;
    return values as T;
  }, []);

  const validate = useCallback(
    async () =>
      await resolver(getValues(), undefined, {
        fields: {},
        shouldUseNativeValidation: false,
        criteriaMode: 'firstError',
      }),
    [resolver, getValues],
  );

  const setErrors = useCallback((update: (errors: Errors<T>) => Errors<T>) => {
    setFormState((state) => ({ ...state, errors: update(state.errors) }));
  }, []);

  const register = useCallback(
    (name: keyof T & string): Registration => {
      let registration = registrations.current.get(name);
      if (registration) return registration;
      registration = {
        name,
        ref: (element) => {
          if (!element) return;
          if (elements.current.get(name) === element) return;
          elements.current.set(name, element);
          setValue(element, defaults.current[name]);
        },
        onChange: () => {
          if (!submitted.current) return;
          void validate().then((result) => {
            const error = (result.errors as Errors<T>)[name];
            setErrors((errors) => {
              const next = { ...errors };
              if (error) next[name] = error;
              else delete next[name];
              return next;
            });
          });
        },
        onBlur: () => undefined,
      };
      registrations.current.set(name, registration);
      return registration;
    },
    [validate, setErrors],
  );

  const handleSubmit = useCallback(
    (onValid: (values: T) => unknown) =>
      async (event?: { preventDefault?: () => void }): Promise<void> => {
        event?.preventDefault?.();
        submitted.current = true;
        setFormState((state) => ({ ...state, isSubmitting: true }));
        let result;
        try {
          result = await validate();
        } catch (error) {
          setFormState((state) => ({ ...state, isSubmitting: false }));
          throw error;
        }
        const errors = result.errors as Errors<T>;
        const invalid = [...elements.current.keys()].filter((name) => errors[name]);
        if (invalid.length > 0 || Object.keys(errors).length > 0) {
          setFormState({ errors, isSubmitting: false, isSubmitSuccessful: false });
          const first = invalid[0];
          if (first) elements.current.get(first)?.focus();
          return;
        }
        setFormState((state) => ({ ...state, errors: {} }));
        try {
          await onValid(result.values as T);
        } catch (error) {
          setFormState((state) => ({ ...state, isSubmitting: false, isSubmitSuccessful: false }));
          throw error;
        }
        setFormState((state) => ({ ...state, isSubmitting: false, isSubmitSuccessful: true }));
      },
    [validate],
  );

  const setError: UseFormSetError<T> = useCallback(
    (name, error) => {
      setErrors((errors) => ({
        ...errors,
        [name]: { type: error.type ?? 'server', message: error.message },
      }));
    },
    [setErrors],
  );

  const reset = useCallback((values?: T) => {
    if (values) defaults.current = values;
    for (const [name, element] of elements.current) setValue(element, defaults.current[name]);
    submitted.current = false;
    setFormState({ errors: {}, isSubmitting: false, isSubmitSuccessful: false });
  }, []);

  return {
    register,
    handleSubmit,
    setError,
    reset,
    getValues: (name: keyof T & string) => getValues()[name],
    formState,
  };
}
