import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classicmodelsMysql } from '../fixtures/classicmodels/classicmodels.ts';
import type { ApiClient } from '../helpers/api-client.ts';
import { apiClient } from '../helpers/api-client.ts';
import type { Verdict } from '../helpers/answer-verdict.ts';
import { verdictOf } from '../helpers/answer-verdict.ts';
import type { ChatClient } from '../helpers/chat-client.ts';
import { connectChat } from '../helpers/chat-client.ts';
import { addDatabase } from '../helpers/factories.ts';
import { askOnce } from '../helpers/offline-chat.ts';
import type { RunningApp } from '../helpers/test-app.ts';
import { startTestApp } from '../helpers/test-app.ts';

/*
 * The offline analyst on the public "classicmodels" sample in MariaDB, a database it was not
 * written against: plain business questions with our own reference SQL, answers compared as
 * data. Never confidently wrong; what the database cannot answer is declined; a floor of right
 * answers keeps what it has learnt.
 */

const cases: { question: string; sql: string | null }[] = [
  { question: 'How many customers are there?', sql: 'SELECT count(*) FROM customers' },
  { question: 'How many orders are there?', sql: 'SELECT count(*) FROM orders' },
  { question: 'How many products are there?', sql: 'SELECT count(*) FROM products' },
  { question: 'How many employees are there?', sql: 'SELECT count(*) FROM employees' },
  {
    question: 'How many customers are in France?',
    sql: "SELECT count(*) FROM customers WHERE country = 'France'",
  },
  {
    question: 'Which country has the most customers?',
    sql: 'SELECT country FROM customers GROUP BY country ORDER BY count(*) DESC LIMIT 1',
  },
  {
    question: 'Which product line has the most products?',
    sql: 'SELECT productLine FROM products GROUP BY productLine ORDER BY count(*) DESC LIMIT 1',
  },
  {
    question: 'What is the average credit limit of customers?',
    sql: 'SELECT avg(creditLimit) FROM customers',
  },
  { question: 'How many orders were shipped?', sql: "SELECT count(*) FROM orders WHERE status = 'Shipped'" },
  {
    question: 'How many orders were placed in 2004?',
    sql: 'SELECT count(*) FROM orders WHERE year(orderDate) = 2004',
  },
  {
    question: 'Which month of 2004 had the most orders?',
    sql: "SELECT DATE_FORMAT(orderDate, '%Y-%m-01') AS m FROM orders WHERE year(orderDate) = 2004 GROUP BY m ORDER BY count(*) DESC LIMIT 1",
  },
  { question: 'What is the total amount of payments?', sql: 'SELECT sum(amount) FROM payments' },
  {
    question: 'Which customer has made the most payments?',
    sql: 'SELECT c.customerName FROM payments p JOIN customers c ON c.customerNumber = p.customerNumber GROUP BY c.customerNumber ORDER BY count(*) DESC LIMIT 1',
  },
  { question: 'What is the average buy price of products?', sql: 'SELECT avg(buyPrice) FROM products' },
  { question: 'What is the highest MSRP?', sql: 'SELECT max(MSRP) FROM products' },
  { question: 'What is the total quantity ordered?', sql: 'SELECT sum(quantityOrdered) FROM orderdetails' },
  {
    question: 'Top 5 customers by total payments',
    sql: 'SELECT c.customerName, sum(p.amount) AS total FROM payments p JOIN customers c ON c.customerNumber = p.customerNumber GROUP BY c.customerNumber ORDER BY total DESC LIMIT 5',
  },
  {
    question: 'Which office has the most employees?',
    sql: 'SELECT o.city FROM employees e JOIN offices o ON o.officeCode = e.officeCode GROUP BY o.officeCode ORDER BY count(*) DESC LIMIT 1',
  },
  {
    question: 'What is the average order value?',
    sql: 'SELECT avg(v) FROM (SELECT sum(quantityOrdered * priceEach) AS v FROM orderdetails GROUP BY orderNumber) AS per_order',
  },
  {
    question: 'What are the total sales by product line?',
    sql: 'SELECT p.productLine, sum(d.quantityOrdered * d.priceEach) FROM orderdetails d JOIN products p ON p.productCode = d.productCode GROUP BY p.productLine',
  },
  // Written after the fixes above, to see how far they carry, before any change for them.
  {
    question: 'How many orders were cancelled?',
    sql: "SELECT count(*) FROM orders WHERE status = 'Cancelled'",
  },
  { question: 'How many orders are on hold?', sql: "SELECT count(*) FROM orders WHERE status = 'On Hold'" },
  {
    question: 'Which employee has the most customers?',
    sql: 'SELECT e.firstName, e.lastName FROM customers c JOIN employees e ON e.employeeNumber = c.salesRepEmployeeNumber GROUP BY e.employeeNumber ORDER BY count(*) DESC LIMIT 1',
  },
  {
    question: 'What is the total credit limit of customers in France?',
    sql: "SELECT sum(creditLimit) FROM customers WHERE country = 'France'",
  },
  {
    question: 'How many payments were made in 2004?',
    sql: 'SELECT count(*) FROM payments WHERE year(paymentDate) = 2004',
  },
  {
    question: 'What is the average quantity per order?',
    sql: 'SELECT avg(q) FROM (SELECT sum(quantityOrdered) AS q FROM orderdetails GROUP BY orderNumber) AS per_order',
  },
  {
    question: 'Top 3 products by revenue',
    sql: 'SELECT p.productName, sum(d.quantityOrdered * d.priceEach) AS v FROM orderdetails d JOIN products p ON p.productCode = d.productCode GROUP BY p.productCode ORDER BY v DESC LIMIT 3',
  },
  {
    question: 'How many customers have no sales rep?',
    sql: 'SELECT count(*) FROM customers WHERE salesRepEmployeeNumber IS NULL',
  },
  { question: 'What is the latest order date?', sql: 'SELECT max(orderDate) FROM orders' },
  { question: 'Who was hired most recently?', sql: null },
  { question: 'How many returns were processed?', sql: null },
  { question: 'What is the customer lifetime value?', sql: null },
  { question: 'What is the average shipping cost?', sql: null },
];

/** Right answers kept at least: raise it when the analyst gets better, never lower it. */
const FLOOR = 27;

const details = await classicmodelsMysql();
let running: RunningApp;
let api: ApiClient;
let client: ChatClient;
let truth: mysql.Connection;
let databaseId: string;

describe.skipIf(details === null)('the offline analyst on classicmodels (MariaDB)', () => {
  beforeAll(async () => {
    if (!details) return;
    running = await startTestApp();
    api = apiClient(running.baseUrl);
    databaseId = (await addDatabase(api, { name: 'classicmodels', engine: 'mysql', details })).id;
    client = await connectChat(running.baseUrl);
    truth = await mysql.createConnection(details);
  });

  afterAll(async () => {
    client.close();
    await truth.end();
    await running.stop();
  });

  it('is never confidently wrong, declines what it cannot answer, and keeps its floor', async () => {
    const verdicts: { question: string; verdict: Verdict; answer: string }[] = [];
    for (const entry of cases) {
      const reference =
        entry.sql === null
          ? null
          : ((await truth.query({ sql: entry.sql, rowsAsArray: true }))[0] as unknown[][]);
      const asked = await askOnce(api, client, databaseId, entry.question);
      verdicts.push({ question: entry.question, verdict: verdictOf(asked, reference), answer: asked.answer });
    }
    const count = (verdict: Verdict) => verdicts.filter((item) => item.verdict === verdict).length;
    console.log(
      `classicmodels: ${count('right')} right, ${count('refused')} refused, ${count('wrong')} wrong of ${verdicts.length} (${cases.filter((entry) => entry.sql !== null).length} answerable)\n${verdicts
        .filter((item) => item.verdict !== 'right')
        .map(
          (item) => `  ${item.verdict}: ${item.question}${process.env.DEV_VERBOSE ? `\n${item.answer}` : ''}`,
        )
        .join('\n')}`,
    );
    expect(
      verdicts.filter((item) => item.verdict === 'wrong').map((item) => `${item.question}\n${item.answer}`),
    ).toEqual([]);
    expect(count('right')).toBeGreaterThanOrEqual(FLOOR);
  });
});
