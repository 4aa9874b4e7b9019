import { Module } from '@nestjs/common';
import { ExportsController } from './exports.controller.js';

/** The shop's books for its accountant: exports of orders and of the stock ledger (docs/product.md#exports). */
@Module({ controllers: [ExportsController] })
export class BooksModule {}
