import type { FieldName, SessionFormValues } from '../model/session-form';

/** What each section of the create form gets: the values, a setter that clears the field's error, and its message. */
export interface SectionProps {
  values: SessionFormValues;
  set: <K extends FieldName>(field: K, value: SessionFormValues[K]) => void;
  message: (field: FieldName) => string | null;
}
