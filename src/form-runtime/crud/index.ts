// Public API of <CrudPage> (spec 002 §2): what feature screens import. Code outside
// src/form-runtime may import only this file or src/form-runtime/index (eslint.config.js).
export { CrudPage, type CrudPageProps } from './crud-page';
export type {
  CrudColumn,
  CrudDataSource,
  CrudDateRange,
  CrudFormField,
  CrudFormInput,
  CrudOption,
  CrudSchema,
  FormRow,
  PageSizeVariant,
  SearchCondition,
  SearchInput,
  SearchWay,
} from './crud-types';
