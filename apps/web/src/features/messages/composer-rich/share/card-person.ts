/** The person a name card shows. */
export interface CardPerson {
  wtId: string;
  nickName: string;
  avatar: string;
}
