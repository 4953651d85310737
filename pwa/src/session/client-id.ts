const KEY = 'stemline.client_id';

/** This device's id in mutation records; made once and kept until logout clears storage. */
export function clientId(): string {
  let id = localStorage.getItem(KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(KEY, id);
  }
  return id;
}
