export { Button, IconButton } from './button';
export { Dialog } from './dialog';
export { FieldShell, TextField, TextArea, SelectField } from './field';
export { Toasts } from './toasts';
export { toast, useToasts } from './toast';
export { Combobox } from './combobox';
export { StatusPill, STATUS_LABEL } from './status-pill';
export { CopyIcon, TrashIcon } from './icons';
