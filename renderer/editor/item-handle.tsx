// A line's drag handle: dragged to another row or section, or moved a row at a time with
// Alt+Up and Alt+Down from the keyboard.
export function ItemHandle({
  itemId,
  name,
  onDragStart,
  onDragEnd,
  onMoveBy,
}: {
  itemId: string;
  name: string;
  onDragStart: () => void;
  onDragEnd: () => void;
  onMoveBy: (d: -1 | 1) => void;
}) {
  return (
    <button
      type="button"
      className="drag-handle"
      draggable
      data-handle={itemId}
      aria-label={`Move ${name}: drag, or press Alt+Up or Alt+Down`}
      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
      onDragStart={(e) => {
        e.dataTransfer.setData('text/plain', itemId);
        e.dataTransfer.effectAllowed = 'move';
        onDragStart();
      }}
      onDragEnd={onDragEnd}
      onKeyDown={(e) => {
        if (e.altKey && e.key === 'ArrowUp') {
          e.preventDefault();
          onMoveBy(-1);
        } else if (e.altKey && e.key === 'ArrowDown') {
          e.preventDefault();
          onMoveBy(1);
        }
      }}
    >
      ⠿
    </button>
  );
}
