/** The longest workspace name kept (a longer one is cut; the forms' `maxlength`). */
export const WORKSPACE_NAME_MAX_LENGTH = 100;
