export { Button, IconButton } from './Button';
export { Dialog } from './Dialog';
export { FieldShell, TextField, TextArea, SelectField } from './Field';
export { Toasts } from './Toasts';
export { toast, useToasts } from './toast';
export { Combobox } from './Combobox';
export { StatusPill, SyncBadge, STATUS_LABEL } from './StatusPill';
export { CopyIcon, TrashIcon } from './icons';
