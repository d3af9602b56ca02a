export { PrintYearDialog, type PrintChoice, type PrintYearDialogProps } from './print-year-dialog';
