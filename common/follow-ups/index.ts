// Follow-ups ("Needs attention") pieces both sides word alike.
export { noticeText, stillDue, type FollowUpKey } from './notice';
