// Validation messages shown in the Error modal (spec 5, 8). Spelled exactly as the spec.
export const MSG_PROVIDE_QUERY = 'Please provide search query';
export const MSG_INVALID_DATE = 'Invalid date: Please input a date in the form of MM/DD/YYYY';
export const MSG_START_AFTER_END = 'Start date should not be greater than end date';
export const MSG_SELECT_TITLE = 'Please select a title';
export const MSG_SELECT_DECADE = 'Please select a decade';
export const MSG_SELECT_TITLE_OR_DECADE = 'Please select a title or decade';
export const MSG_SELECT_YEAR = 'Please select a year';
// Not in the spec (a search lists at most MAX_LIST titles): shown when more are checked than a search can
// name, unless they are every listed title (then the decades alone give the same pages).
export const MSG_TOO_MANY_TITLES = 'Please select at most 500 titles, or use Select All';
