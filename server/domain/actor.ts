/** Who makes a change: written into the rows' create/update user columns and history. */
export interface Actor {
  userId: string;
  userName: string;
}
