//! The rules the report applies, each with its standing (in force, market
//! practice, or unclear) and its source, in English and Brazilian
//! Portuguese. A view or an export shows the readings a figure rests on
//! beside it, so a rule that is practice rather than law says so where it
//! is used.
//!
//! The texts live here, in the core, because the command line and the
//! exports need them as much as the window does.

/// The report's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// Brazilian Portuguese.
    PortugueseBrazil,
}

impl Language {
    /// `pt-BR` (and `pt`, `pt_BR`) is Portuguese; anything else English.
    pub fn from_tag(tag: &str) -> Language {
        if tag.to_ascii_lowercase().starts_with("pt") {
            Language::PortugueseBrazil
        } else {
            Language::English
        }
    }
}

/// That every figure is a help for the declaration, not tax advice.
pub fn disclaimer(language: Language) -> &'static str {
    match language {
        Language::English => {
            "A help for the declaration, computed from the account's own records; not tax advice. \
             Rules marked practice or unclear are readings, not law: check them with an accountant."
        }
        Language::PortugueseBrazil => {
            "Um auxílio para a declaração, calculado a partir dos registros da própria conta; não é \
             consultoria tributária. Regras marcadas como prática ou incertas são leituras, não lei: \
             confirme-as com um contador."
        }
    }
}

/// How firm a rule is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Law, or the Receita Federal's own published reading (a Solução de
    /// Consulta binds the Receita).
    InForce,
    /// Market practice: what accountants and exchanges do, not written down
    /// by the Receita for crypto-assets.
    Practice,
    /// Unclear: no rule settles it; the report says exactly which reading
    /// it takes.
    Unclear,
    /// Not a rule: what the report did with a record it could not read fully.
    Notice,
}

impl Standing {
    /// `in-force`, `practice`, `unclear`, `notice`.
    pub fn key(self) -> &'static str {
        match self {
            Standing::InForce => "in-force",
            Standing::Practice => "practice",
            Standing::Unclear => "unclear",
            Standing::Notice => "notice",
        }
    }

    /// The standing in words.
    pub fn text(self, language: Language) -> &'static str {
        match (self, language) {
            (Standing::InForce, Language::English) => "in force",
            (Standing::InForce, Language::PortugueseBrazil) => "em vigor",
            (Standing::Practice, Language::English) => "practice, not law",
            (Standing::Practice, Language::PortugueseBrazil) => "prática, não lei",
            (Standing::Unclear, Language::English) => "unclear",
            (Standing::Unclear, Language::PortugueseBrazil) => "incerto",
            (Standing::Notice, Language::English) => "notice",
            (Standing::Notice, Language::PortugueseBrazil) => "aviso",
        }
    }
}

macro_rules! readings {
    ($(
        $(#[$doc:meta])*
        $name:ident: $key:literal, $standing:ident,
            source: $source:literal,
            fonte: $fonte:literal,
            en: $en:literal,
            pt: $pt:literal;
    )*) => {
        /// A rule, or a way of reading a record, that a figure rests on.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Reading {
            $($(#[$doc])* $name,)*
        }

        impl Reading {
            /// The former name of [`Reading::SameAssetParts`] (the report
            /// once applied the parcels to the month's total), kept so that
            /// code naming it still reads the rule that replaced it.
            #[allow(non_upper_case_globals)]
            pub const BracketsOnMonthTotal: Reading = Reading::SameAssetParts;

            /// Every reading, in the order the documentation lists them.
            pub const ALL: &[Reading] = &[$(Reading::$name,)*];

            /// A stable name, for exports and scripts.
            pub fn key(self) -> &'static str {
                match self { $(Reading::$name => $key,)* }
            }

            /// How firm it is.
            pub fn standing(self) -> Standing {
                match self { $(Reading::$name => Standing::$standing,)* }
            }

            /// Where it comes from, in `language` (a law's citation reads
            /// the same in both).
            pub fn source(self, language: Language) -> &'static str {
                match (self, language) {
                    $(
                        (Reading::$name, Language::English) => $source,
                        (Reading::$name, Language::PortugueseBrazil) => $fonte,
                    )*
                }
            }

            /// The rule in words.
            pub fn text(self, language: Language) -> &'static str {
                match (self, language) {
                    $(
                        (Reading::$name, Language::English) => $en,
                        (Reading::$name, Language::PortugueseBrazil) => $pt,
                    )*
                }
            }
        }
    };
}

readings! {
    /// The R$35,000 monthly exemption, on the total sale value.
    ExemptionLimit: "exemption-limit", InForce,
        source: "Lei 9.250/1995 art. 22; Solução de Consulta Disit 6.008/2022",
        fonte: "Lei 9.250/1995 art. 22; Solução de Consulta Disit 6.008/2022",
        en: "A month's sales are exempt when the total sale value of all crypto-assets sold in the month is at most R$35,000.00 (exactly R$35,000.00 is exempt). Above it, every gain of the month is taxed.",
        pt: "As vendas de um mês são isentas quando o valor total das alienações de todos os criptoativos no mês é de até R$ 35.000,00 (exatamente R$ 35.000,00 é isento). Acima disso, todo ganho do mês é tributado.";
    /// Months are Brasília's; a sale counts when its order completed.
    BrasiliaMonth: "brasilia-month", InForce,
        source: "Receita Federal",
        fonte: "Receita Federal",
        en: "Months are calendar months in Brasília time; a sale counts in the month its order completed.",
        pt: "Os meses são meses do calendário no horário de Brasília; uma venda conta no mês em que a ordem foi concluída.";
    /// The progressive rates, each parcel at its rate.
    Rates: "rates", InForce,
        source: "Lei 8.981/1995 art. 21, in the wording of Lei 13.259/2016 art. 1",
        fonte: "Lei 8.981/1995 art. 21, na redação da Lei 13.259/2016 art. 1º",
        en: "Gains are taxed by parcels: 15 % up to R$5 million, 17.5 % from R$5 to R$10 million, 20 % from R$10 to R$30 million, 22.5 % above.",
        pt: "Os ganhos são tributados por parcelas: 15 % até R$ 5 milhões, 17,5 % de R$ 5 a R$ 10 milhões, 20 % de R$ 10 a R$ 30 milhões, 22,5 % acima.";
    /// The parcels per asset, a later sale of the same asset added to the
    /// earlier ones (art. 21 §3).
    SameAssetParts: "same-asset-parts", InForce,
        source: "Lei 8.981/1995 art. 21 §3",
        fonte: "Lei 8.981/1995 art. 21 §3",
        en: "The parcels apply per asset: from the second taxed sale of an asset on, up to the end of the year after its first, its gain is added to the earlier gains of that asset to find the parcel, less the tax already due on them. Two assets' gains are never added together. Below R$5 million of gain per asset this changes nothing.",
        pt: "As parcelas se aplicam por ativo: a partir da segunda alienação tributada de um ativo, até o fim do ano seguinte ao da primeira, o ganho é somado aos ganhos anteriores desse ativo para achar a parcela, deduzido o imposto já devido sobre eles. Ganhos de ativos diferentes nunca são somados. Abaixo de R$ 5 milhões de ganho por ativo isso não muda nada.";
    /// DARF code 4600, due the last business day of the month after.
    Darf: "darf-4600", InForce,
        source: "Receita Federal (DARF 4600)",
        fonte: "Receita Federal (DARF 4600)",
        en: "The tax is paid by DARF code 4600 by the last business day of the month after the sales.",
        pt: "O imposto é pago por DARF código 4600 até o último dia útil do mês seguinte ao das vendas.";
    /// A DARF under R$10 is carried to the next month.
    DarfUnderTen: "darf-under-10", InForce,
        source: "Lei 9.430/1996 art. 68",
        fonte: "Lei 9.430/1996 art. 68",
        en: "A DARF under R$10.00 is not paid: the amount is added to the next months' tax of the same code until the total reaches R$10.00, then paid by that month's due date.",
        pt: "DARF abaixo de R$ 10,00 não é pago: o valor é somado ao imposto de mesmo código dos meses seguintes até que o total chegue a R$ 10,00, e então pago no prazo desse mês.";
    /// Which days are business days.
    BusinessDays: "business-days", Practice,
        source: "Lei 662/1949, Lei 10.607/2002, Lei 6.802/1980, Lei 14.759/2023; national banking calendar",
        fonte: "Lei 662/1949, Lei 10.607/2002, Lei 6.802/1980, Lei 14.759/2023; calendário bancário nacional",
        en: "Business days exclude weekends, the national holidays by law (including 20 November since 2024) and the days with no banking by practice: Carnival Monday and Tuesday, Good Friday, Corpus Christi and 31 December.",
        pt: "Dias úteis excluem fins de semana, os feriados nacionais por lei (inclusive 20 de novembro desde 2024) e os dias sem expediente bancário por prática: segunda e terça de Carnaval, Sexta-feira Santa, Corpus Christi e 31 de dezembro.";
    /// A swap is a sale of the token given at its value in reais.
    Swap: "swap", InForce,
        source: "Solução de Consulta Cosit 214/2021",
        fonte: "Solução de Consulta Cosit 214/2021",
        en: "A swap of one token for another is a sale of the one given at its value in reais and an acquisition of the one received at the same value.",
        pt: "A troca de um token por outro é uma alienação do entregue pelo seu valor em reais e uma aquisição do recebido pelo mesmo valor.";
    /// Weighted average cost, fees of buying included.
    WeightedAverageCost: "weighted-average-cost", Practice,
        source: "accountants' guides; exchanges' tax pages",
        fonte: "guias de contadores; páginas de impostos das corretoras",
        en: "The cost of what is sold is the weighted average cost of what is held, the fees of buying included (a purchase costs the reais paid). The Receita has not written a cost method for crypto-assets.",
        pt: "O custo do que é vendido é o custo médio ponderado do que se tem, com as taxas de compra incluídas (uma compra custa os reais pagos). A Receita não definiu um método de custo para criptoativos.";
    /// The fee of a sale lowers its gain; the sale value is before it.
    SaleFee: "sale-fee", Practice,
        source: "accountants' guides; exchanges' tax pages",
        fonte: "guias de contadores; páginas de impostos das corretoras",
        en: "A sale's value (counted against R$35,000) is what the order sold for before its fee; the fee is a cost of the sale and lowers its gain.",
        pt: "O valor de uma venda (contado contra os R$ 35.000) é o valor da ordem antes da taxa; a taxa é um custo da venda e reduz o ganho.";
    /// One asset whatever its chain.
    OneAssetAcrossChains: "one-asset-across-chains", Practice,
        source: "Bens e Direitos: one line per crypto-asset",
        fonte: "Bens e Direitos: uma linha por criptoativo",
        en: "A token is one asset whatever its chain (BRLV on Base, Ethereum and Tempo has one average cost).",
        pt: "Um token é um único ativo qualquer que seja a rede (BRLV na Base, na Ethereum e na Tempo tem um só custo médio).";
    /// How losses are read: netted within one asset's month, nothing more.
    LossesNotOffset: "losses-not-offset", Unclear,
        source: "no rule written for crypto-assets; GCAP computes each sale on its own",
        fonte: "nenhuma regra escrita para criptoativos; o GCAP calcula cada venda por si",
        en: "Within a month, the gains and losses of one asset's sales are netted: a loss on one sale lowers the gain of another sale of the same asset. A loss on one asset is shown but does not lower another asset's gain, and no loss is carried to later months. The strictest reading (GCAP's, each sale on its own) would not net even within one asset.",
        pt: "No mês, os ganhos e prejuízos das vendas de um mesmo ativo são compensados entre si: o prejuízo de uma venda reduz o ganho de outra venda do mesmo ativo. O prejuízo em um ativo é mostrado, mas não reduz o ganho de outro ativo, e nenhum prejuízo é levado a meses seguintes. A leitura mais estrita (a do GCAP, cada venda por si) não compensaria nem dentro de um mesmo ativo.";
    /// Claims count at their gross amount.
    ClaimsAtGross: "claims-at-gross", Practice,
        source: "the service's own exemption figure (claims-amount)",
        fonte: "o valor de isenção do próprio serviço (claims-amount)",
        en: "Claims count in the month's sales total at their gross amount, as the service's own exemption figure counts them.",
        pt: "Os resgates contam no total de vendas do mês pelo valor bruto, como o próprio número de isenção do serviço os conta.";
    /// A claim's gain is not computed: the service withholds its tax.
    ClaimTaxWithheld: "claim-tax-withheld", Practice,
        source: "the claim record (tax-amount)",
        fonte: "o registro do resgate (tax-amount)",
        en: "A claim's gain is not computed here: the service withholds its tax, shown as the tax withheld.",
        pt: "O ganho de um resgate não é calculado aqui: o serviço retém o imposto, mostrado como imposto retido.";
    /// A claim paid as BRLV is an acquisition of BRLV.
    ClaimAsBrlv: "claim-as-brlv", Practice,
        source: "the claim record (net-amount)",
        fonte: "o registro do resgate (net-amount)",
        en: "A claim received as BRLV is an acquisition of BRLV at the net amount received.",
        pt: "Um resgate recebido em BRLV é uma aquisição de BRLV pelo valor líquido recebido.";
    /// A value in reais from the service's current price.
    ServicePrice: "service-price", Practice,
        source: "the service's quote",
        fonte: "a cotação do serviço",
        en: "An order with no leg in reais is valued at the service's price for the token given (or received), as quoted when the report was made, not on the order's day: type the value of that day if it differed.",
        pt: "Uma ordem sem lado em reais é avaliada pelo preço do serviço para o token entregue (ou recebido), cotado quando o relatório foi feito, não no dia da ordem: digite o valor daquele dia se ele foi outro.";
    /// A value the person typed.
    TypedValue: "typed-value", Notice,
        source: "typed by the person",
        fonte: "digitado pela pessoa",
        en: "A value in reais typed by the person, kept on this device.",
        pt: "Um valor em reais digitado pela pessoa, guardado neste dispositivo.";
    /// No value in reais could be found.
    ValueMissing: "value-missing", Notice,
        source: "no value in reais",
        fonte: "sem valor em reais",
        en: "No value in reais is known for this order (no leg in reais, no price from the service, none typed): it is counted as zero until one is typed.",
        pt: "Nenhum valor em reais é conhecido para esta ordem (sem lado em reais, sem preço do serviço, nenhum digitado): conta como zero até ser digitado.";
    /// Tokens that arrived from outside take a typed cost.
    ArrivedCost: "arrived-cost", Practice,
        source: "Bens e Direitos: acquisition cost",
        fonte: "Bens e Direitos: custo de aquisição",
        en: "Tokens that arrived from outside take the cost the person types; until then their cost is zero, which overstates the gain when they are sold.",
        pt: "Tokens que chegaram de fora têm o custo que a pessoa digitar; até lá o custo é zero, o que aumenta o ganho quando forem vendidos.";
    /// Tokens that left to another address, with no answer yet.
    OutflowToOthers: "outflow-to-others", Notice,
        source: "Decreto 9.580/2018 (RIR) art. 128 §4: a disposal a qualquer título",
        fonte: "Decreto 9.580/2018 (RIR) art. 128 §4: alienação a qualquer título",
        en: "Tokens left to an address that is not the account's and the person has not said what it was: until they answer (a payment, their own wallet elsewhere, or a gift), it is counted as a payment, the law's default reading.",
        pt: "Tokens saíram para um endereço que não é da conta e a pessoa ainda não disse o que foi: até responder (pagamento, carteira própria em outro lugar ou doação), conta como pagamento, a leitura padrão da lei.";
    /// Paying in tokens is a disposal at the value of the day.
    PaymentInTokens: "payment-in-tokens", InForce,
        source: "Decreto 9.580/2018 (RIR) art. 128 §4; Lei 7.713/1988 art. 3 §3",
        fonte: "Decreto 9.580/2018 (RIR) art. 128 §4; Lei 7.713/1988 art. 3 §3",
        en: "Paying someone in tokens (dação em pagamento) is a disposal at its value in reais on its day: it counts in the month's sales against R$35,000 and its gain (value less average cost) is taxed like a sale's.",
        pt: "Pagar alguém em tokens (dação em pagamento) é uma alienação pelo seu valor em reais no dia: conta nas vendas do mês contra os R$ 35.000 e seu ganho (valor menos custo médio) é tributado como o de uma venda.";
    /// A gift leaves at its cost.
    Gift: "gift", InForce,
        source: "Decreto 9.580/2018 (RIR) art. 128 §4; Lei 7.713/1988 art. 3 §3",
        fonte: "Decreto 9.580/2018 (RIR) art. 128 §4; Lei 7.713/1988 art. 3 §3",
        en: "Tokens given as a gift (doação) leave the holdings at their average cost, with no gain and no sale counted. Gifts follow their own rules: the receiver's state tax (ITCMD), and a gift declared above its cost is taxed on the difference.",
        pt: "Tokens doados saem das posições pelo custo médio, sem ganho e sem contar como venda. Doações seguem regras próprias: o imposto estadual de quem recebe (ITCMD), e uma doação declarada acima do custo é tributada sobre a diferença.";
    /// Tokens in the person's own wallet elsewhere.
    SelfCustody: "self-custody", InForce,
        source: "no disposal: the holder is the same; IRPF instructions (custódia própria)",
        fonte: "não há alienação: o titular é o mesmo; instruções do IRPF (custódia própria)",
        en: "Tokens sent to the person's own wallet elsewhere stay in the holdings with their cost (declared with \"custódia própria\"); coming back, they return with that cost. Tokens arriving from an own address beyond what went there enter at the cost the person types, zero until then.",
        pt: "Tokens enviados à própria carteira da pessoa em outro lugar continuam nas posições com seu custo (declarados com \"custódia própria\"); ao voltar, voltam com esse custo. Tokens que chegam de um endereço próprio além do que foi para lá entram pelo custo que a pessoa digitar, zero até lá.";
    /// Orders in a state the report does not know.
    UnknownOrderState: "unknown-order-state", Notice,
        source: "service-interface-v0 §3.1: the order's final state is not named",
        fonte: "service-interface-v0 §3.1: o estado final da ordem não é nomeado",
        en: "Orders in a state the report does not know are counted nowhere: their sales are not in any month. The report names the states and how many orders are in each.",
        pt: "Ordens em um estado que o relatório não conhece não são contadas em lugar nenhum: suas vendas não entram em mês algum. O relatório nomeia os estados e quantas ordens há em cada um.";
    /// DeCripto: a month's operations outside Brazilian providers.
    DeCripto: "decripto", InForce,
        source: "IN RFB 2.291/2025 (from 1 July 2026); IN RFB 1.888/2019 art. 6 (until 30 June 2026)",
        fonte: "IN RFB 2.291/2025 (a partir de 1º de julho de 2026); IN RFB 1.888/2019 art. 6 (até 30 de junho de 2026)",
        en: "An individual reports to the Receita the operations made without a Brazilian provider (tokens sent to or received from self-custody, foreign exchanges or other people) in a month when they pass R$35,000.00 (DeCripto, from July 2026), R$30,000.00 before (IN 1.888/2019). Operations through a Brazilian provider are reported by the provider.",
        pt: "A pessoa física informa à Receita as operações feitas sem prestadora brasileira (tokens enviados a ou recebidos de custódia própria, corretoras estrangeiras ou outras pessoas) no mês em que passam de R$ 35.000,00 (DeCripto, a partir de julho de 2026), R$ 30.000,00 antes (IN 1.888/2019). As operações por prestadora brasileira são informadas pela prestadora.";
    /// Moving tokens between one's own addresses is no sale.
    OwnMove: "own-move", Practice,
        source: "no disposal: the holder is the same",
        fonte: "não há alienação: o titular é o mesmo",
        en: "Tokens moved between the account's own addresses (its wallets and the addresses the person marked as theirs) are not a sale and change nothing.",
        pt: "Tokens movidos entre endereços da própria conta (suas carteiras e os endereços que a pessoa marcou como seus) não são venda e não mudam nada.";
    /// A sale of more than the ledger shows held.
    Oversold: "oversold", Notice,
        source: "the lists show less than was sold",
        fonte: "as listas mostram menos do que foi vendido",
        en: "More was sold than the lists show held (history before the lists, or tokens that arrived unseen): the excess is counted at cost zero, which overstates the gain. Type the cost of what arrived, or check the history.",
        pt: "Foi vendido mais do que as listas mostram em carteira (histórico anterior às listas, ou tokens que chegaram sem registro): o excesso conta com custo zero, o que aumenta o ganho. Digite o custo do que chegou ou confira o histórico.";
    /// A movement still in motion is counted as gone.
    InMotion: "in-motion", Notice,
        source: "the record's state",
        fonte: "o estado do registro",
        en: "A transfer or withdrawal still in motion is counted as gone.",
        pt: "Uma transferência ou saque ainda em andamento é contado como já saído.";
    /// A day without a PTAX takes the previous business day's.
    PtaxPreviousBusinessDay: "ptax-previous-business-day", Practice,
        source: "Banco Central do Brasil: the PTAX is published on business days only",
        fonte: "Banco Central do Brasil: a PTAX é publicada só em dias úteis",
        en: "A day without a PTAX of its own (a weekend, a national holiday, a day with no banking) takes the one of the business day just before it, the rate in force on that day. A business day without a PTAX is a gap: no older rate is carried over it, and the figure falls to the next source.",
        pt: "Um dia sem PTAX própria (fim de semana, feriado nacional, dia sem expediente bancário) usa a do dia útil imediatamente anterior, a cotação em vigor naquele dia. Um dia útil sem PTAX é uma lacuna: nenhuma cotação mais antiga é levada por cima dela, e o valor passa à fonte seguinte.";
    /// Today's PTAX before its closing bulletin.
    ProvisionalRate: "provisional-rate", Notice,
        source: "Banco Central do Brasil: the closing PTAX bulletin, about 13:10 in Brasília",
        fonte: "Banco Central do Brasil: o boletim de fechamento da PTAX, por volta das 13h10 em Brasília",
        en: "An operation of today is valued at the previous business day's PTAX until the Banco Central publishes today's closing bulletin (about 13:10 in Brasília): the figure is provisional and is valued again once today's rate is out.",
        pt: "Uma operação de hoje é avaliada pela PTAX do dia útil anterior até o Banco Central publicar o boletim de fechamento de hoje (por volta das 13h10 em Brasília): o valor é provisório e é recalculado quando a cotação de hoje sair.";
    /// A sale's fee in another currency, at the value's rate.
    FeeInForeignCurrency: "fee-in-foreign-currency", Practice,
        source: "accountants' guides; IN SRF 118/2000 art. 2 for the conversion",
        fonte: "guias de contadores; IN SRF 118/2000 art. 2º para a conversão",
        en: "A sale's fee charged in dollars or in a token is a cost of that sale, converted into reais on its day at the rate the sale's value was taken at, and lowers its gain; in a swap, the token received then costs the value less that fee.",
        pt: "A taxa de uma venda cobrada em dólares ou em token é um custo dessa venda, convertida em reais no dia pela mesma cotação do valor da venda, e reduz o ganho; numa troca, o token recebido custa então o valor menos essa taxa.";
    /// Money held at the service in Bens e Direitos.
    MoneyAtTheService: "money-at-the-service", Unclear,
        source: "IRPF instructions (Bens e Direitos at acquisition cost); RIR/2018",
        fonte: "instruções do IRPF (Bens e Direitos pelo custo de aquisição); RIR/2018",
        en: "The reais and dollars held at the service belong in Bens e Direitos; which group and code suit an account at a crypto service is not settled. Dollars are declared at their cost in reais (what was paid in reais for them, at average cost), not at the year-end rate; the PTAX buying rate of the year's last business day is shown beside it for reference only.",
        pt: "Os reais e dólares mantidos no serviço pertencem a Bens e Direitos; qual grupo e código servem a uma conta em um serviço de criptoativos não está definido. Dólares são declarados pelo custo em reais (o que foi pago em reais por eles, pelo custo médio), não pela cotação do fim do ano; a PTAX de compra do último dia útil do ano aparece ao lado só como referência.";
    /// Dollars are not followed.
    ForeignFiat: "foreign-fiat", Practice,
        source: "crypto-assets only",
        fonte: "somente criptoativos",
        en: "Dollars (fiat/usd) are not a crypto-asset and are not followed here; an order paid or paid out in dollars is valued in reais like a swap.",
        pt: "Dólares (fiat/usd) não são criptoativo e não são acompanhados aqui; uma ordem paga ou recebida em dólares é avaliada em reais como uma troca.";
    /// Bens e Direitos group 08 codes.
    BensCodes: "bens-codes", InForce,
        source: "IRPF instructions, group 08",
        fonte: "Instruções do IRPF, grupo 08",
        en: "Bens e Direitos, group 08: code 01 Bitcoin, 02 other crypto-assets, 03 stablecoins, 10 NFTs, 99 others; declared at acquisition cost with the quantity and the custodian in Discriminação.",
        pt: "Bens e Direitos, grupo 08: código 01 Bitcoin, 02 outros criptoativos, 03 stablecoins, 10 NFTs, 99 outros; declarados pelo custo de aquisição, com a quantidade e o custodiante na Discriminação.";
    /// wBRLY's code is the person's choice.
    YieldTokenCode: "yield-token-code", Unclear,
        source: "no rule written",
        fonte: "nenhuma regra escrita",
        en: "A yield token (wBRLY, BRLY) may be code 03 (stablecoin) or 99 (others): the person chooses; 99 is suggested until they do.",
        pt: "Um token de rendimento (wBRLY, BRLY) pode ser código 03 (stablecoin) ou 99 (outros): a pessoa escolhe; 99 é sugerido até lá.";
    /// The custodian's name and CNPJ.
    Custodian: "custodian", Practice,
        source: "IRPF instructions (Discriminação)",
        fonte: "Instruções do IRPF (Discriminação)",
        en: "Discriminação names the custodian with its CNPJ; the service's records do not say them, so the person writes them once.",
        pt: "A Discriminação cita o custodiante com seu CNPJ; os registros do serviço não os informam, então a pessoa os escreve uma vez.";
    /// Exempt gains go to Rendimentos Isentos.
    ExemptGains: "exempt-gains", InForce,
        source: "IRPF instructions",
        fonte: "Instruções do IRPF",
        en: "Gains of exempt months go to Rendimentos Isentos e Não Tributáveis (the line for gains on sales up to R$35,000 a month).",
        pt: "Os ganhos dos meses isentos vão para Rendimentos Isentos e Não Tributáveis (a linha de ganhos em alienações de até R$ 35.000 por mês).";
    /// Why the service's own figure may differ.
    ServiceFigure: "service-figure", Notice,
        source: "GET /tax-exemption/progress",
        fonte: "GET /tax-exemption/progress",
        en: "The service's figure for this month counts claims made anywhere and its own disposals, by its own month; the report counts the orders and the claims this device knows, in Brasília's month. Where they differ both are shown.",
        pt: "O número do serviço para este mês conta resgates feitos em qualquer lugar e as suas próprias alienações, pelo seu mês; o relatório conta as ordens e os resgates que este dispositivo conhece, no mês de Brasília. Quando diferem, os dois são mostrados.";
}
