import { apiRequest, type ApiResult } from '../../api/client';

/**
 * Cancels a whole order, or one purchase-order row when `lineNo` is given, through the run
 * operations `cancel_order` / `cancel_box_order`. Online only: returning stock is for the server
 * to decide at once. The updated order then arrives through pull.
 */
export function cancelOrder(orderKey: string, lineNo?: number): Promise<ApiResult<unknown>> {
  return apiRequest('/api/cs/run', {
    method: 'POST',
    body:
      lineNo === undefined
        ? { key: 'cancel_order', params: { order_key: orderKey } }
        : { key: 'cancel_box_order', params: { order_key: orderKey, line_no: lineNo } },
  });
}
