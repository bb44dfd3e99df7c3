// The UI's small parts, from one place. The combobox is not among them: react-aria's
// collections and overlays are its, so its users import it from ./combobox and the list's
// first load, which has none, does not carry it.
export { Button, IconButton } from './button';
export { Dialog } from './dialog';
export { FieldShell, TextField, TextArea, SelectField } from './field';
export { Toasts } from './toasts';
export { toast, useToasts } from './toast';
export { StatusPill, STATUS_LABEL } from './status-pill';
export { CopyIcon, TrashIcon } from './icons';
