<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>DataCardText</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; training reviews, &lt;b&gt;%2&lt;/b&gt; words each on average.&lt;br&gt;Reviews ÷ words per review = &lt;b&gt;%3&lt;/b&gt; (%4 the book&apos;s threshold of %5).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 条训练影评，平均每条 &lt;b&gt;%2&lt;/b&gt; 个词。&lt;br&gt;影评数 ÷ 每条影评的词数 = &lt;b&gt;%3&lt;/b&gt;（%4书中的阈值 %5）。</translation>
    </message>
    <message>
        <source>above</source>
        <translation>高于</translation>
    </message>
    <message>
        <source>below</source>
        <translation>低于</translation>
    </message>
    <message>
        <source>A sequence model such as the Transformer should do well.</source>
        <translation>Transformer 这样的序列模型应该表现不错。</translation>
    </message>
    <message>
        <source>A bag-of-bigrams model will probably do as well or better.</source>
        <translation>二元语法袋模型很可能表现得一样好，甚至更好。</translation>
    </message>
    <message>
        <source>Rule of thumb: with many samples for how short they are, word order can be learned, so a sequence model (the Transformer, with position embedding) usually beats a bag of bigrams. Train both and compare.</source>
        <translation>经验法则：样本很多而每个样本又较短时，模型能学到词序，所以序列模型（带位置嵌入的 Transformer）通常胜过二元语法袋。两种都训练一下，比较看看。</translation>
    </message>
    <message>
        <source>Rule of thumb: with few samples for how long they are, word order is hard to learn, so a bag-of-bigrams model usually does as well as a sequence model or better, and trains much faster. Train both and compare.</source>
        <translation>经验法则：样本较少而每个样本又较长时，词序很难学到，所以二元语法袋模型通常与序列模型表现相当甚至更好，而且训练快得多。两种都训练一下，比较看看。</translation>
    </message>
    <message>
        <source>Generated data, made so that word order decides (“… but …”, negation).</source>
        <translation>生成的数据，专门设计成由词序决定结果（“……但是……”、否定）。</translation>
    </message>
    <message>
        <source>Measured on it with the tiny preset: the Transformer with position reaches %1 test accuracy, without position %2, the bag of bigrams %3. The book&apos;s rule of thumb is about real text; here word order is the point.</source>
        <translation>用 tiny 预设在这份数据上实测：带位置信息的 Transformer 测试准确率达到 %1，不带位置信息为 %2，二元语法袋为 %3。书中的经验法则针对的是真实文本；而这里的重点正是词序。</translation>
    </message>
    <message>
        <source>%1 of the letters are Chinese, Japanese or Korean: with the tokenizer on “auto”, the model reads words from a dictionary (icu_words), not whole sentences.</source>
        <translation>%1 的字符是中文、日文或韩文：分词器设为“自动”时，模型会按词典切分出的词来读（icu_words），而不是把整句当成一个词。</translation>
    </message>
    <message>
        <source>No training reviews: there is nothing to recommend a model for.</source>
        <translation>没有训练影评：无法据此推荐模型。</translation>
    </message>
    <message>
        <source>Preset: &lt;b&gt;tiny&lt;/b&gt; suits these few short reviews (about 99 % test accuracy in seconds). &lt;b&gt;classroom&lt;/b&gt; and &lt;b&gt;book&lt;/b&gt; are sized for the real archive&apos;s 25,000 reviews: here their few epochs are too few training steps, and classroom stops near 65 % after its 3 epochs (98 % with 20).</source>
        <translation>预设：这些短小的影评适合用 &lt;b&gt;tiny&lt;/b&gt;（几秒钟内测试准确率约 99 %）。&lt;b&gt;classroom&lt;/b&gt; 和 &lt;b&gt;book&lt;/b&gt; 是按真实数据集的 25,000 条影评设计的：在这里，它们那几轮的训练步数太少，classroom 训练完 3 轮只有 65 % 左右（训练 20 轮可达 98 %）。</translation>
    </message>
</context>
<context>
    <name>Downloader</name>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>, %1/s</source>
        <translation>，%1/秒</translation>
    </message>
    <message>
        <source>, %1 left</source>
        <translation>，剩余 %1</translation>
    </message>
</context>
<context>
    <name>ErrorTexts</name>
    <message>
        <source>The input is not right: %1</source>
        <translation>输入有误：%1</translation>
    </message>
    <message>
        <source>Something went wrong: %1</source>
        <translation>出错了：%1</translation>
    </message>
    <message>
        <source>not a number</source>
        <translation>非数值</translation>
    </message>
    <message>
        <source>infinite</source>
        <translation>无穷大</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>%1 is a folder, not a file.</source>
        <translation>%1 是文件夹，不是文件。</translation>
    </message>
    <message>
        <source>%1 cannot be read.</source>
        <translation>无法读取 %1。</translation>
    </message>
    <message>
        <source>%1 is %2, more than the %3 AttentionLab reads. Is it the right file?</source>
        <translation>%1 有 %2，超过了 AttentionLab 能读取的 %3。是不是选错了文件？</translation>
    </message>
    <message>
        <source>The text is not valid UTF-8.</source>
        <translation>这段文字不是有效的 UTF-8 编码。</translation>
    </message>
    <message>
        <source>%1: line %2 of “%3” is not UTF-8 text. Save the file as UTF-8.</source>
        <translation>%1 中“%3”的第 %2 行不是 UTF-8 编码的文字。请把文件另存为 UTF-8 编码。</translation>
    </message>
    <message>
        <source>%1: line %2 is not UTF-8 text. Save the file as UTF-8.</source>
        <translation>%1 第 %2 行不是 UTF-8 编码的文字。请把文件另存为 UTF-8 编码。</translation>
    </message>
    <message>
        <source>%1 is not valid JSON (see line %2): the file is damaged.</source>
        <translation>%1 不是有效的 JSON（见第 %2 行）：文件已损坏。</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: the file is damaged.</source>
        <translation>%1 不是有效的 JSON：文件已损坏。</translation>
    </message>
    <message>
        <source>%1 does not hold the JSON object AttentionLab expects: the file is damaged.</source>
        <translation>%1 中不是 AttentionLab 需要的 JSON 对象：文件已损坏。</translation>
    </message>
    <message>
        <source>%1 has no field “%2”.</source>
        <translation>%1 缺少字段“%2”。</translation>
    </message>
    <message>
        <source>%1: the field “%2” holds a value of the wrong kind (“%3”).</source>
        <translation>%1 中字段“%2”的值类型不对（现为“%3”）。</translation>
    </message>
    <message>
        <source>%1: the field “%2” is out of range (expected %3).</source>
        <translation>%1 中字段“%2”的值超出范围（应为 %3）。</translation>
    </message>
    <message>
        <source>%1: the field “%2” is %3, out of range (expected %4).</source>
        <translation>%1 中字段“%2”的值为 %3，超出范围（应为 %4）。</translation>
    </message>
    <message>
        <source>The model folder %1 does not exist.</source>
        <translation>模型文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>%1 is not an AttentionLab model folder (a model folder holds config.json and its weights).</source>
        <translation>%1 不是 AttentionLab 模型文件夹（模型文件夹里应有 config.json 和模型权重）。</translation>
    </message>
    <message>
        <source>%1 is not the configuration of an AttentionLab model (its format is “%2”).</source>
        <translation>%1 不是 AttentionLab 模型的配置文件（其格式为“%2”）。</translation>
    </message>
    <message>
        <source>%1 was written by a newer AttentionLab (format version %2; this version reads version %3). Update AttentionLab to open it.</source>
        <translation>%1 由更新版本的 AttentionLab 写入（格式版本 %2，本版本只能读取版本 %3）。请升级 AttentionLab 后再打开。</translation>
    </message>
    <message>
        <source>%1 holds a model of the task “%2”, which this version cannot read.</source>
        <translation>%1 中是“%2”任务的模型，本版本无法读取。</translation>
    </message>
    <message>
        <source>%1 holds a model of the task “%2”, not “%3”.</source>
        <translation>%1 中是“%2”任务的模型，而这里需要“%3”模型。</translation>
    </message>
    <message>
        <source>%1 does not match the model&apos;s config.json: the model was saved incompletely or its files were mixed up.</source>
        <translation>%1 与模型的 config.json 不一致：模型没有保存完整，或者文件被混在了一起。</translation>
    </message>
    <message>
        <source>%1 declares a model larger than AttentionLab loads; check its sizes.</source>
        <translation>%1 声明的模型超过了 AttentionLab 能加载的大小，请检查其中的各项尺寸。</translation>
    </message>
    <message>
        <source>%1 is cut short: the file is truncated or damaged. Save or download the model again.</source>
        <translation>%1 不完整：文件被截断或已损坏。请重新保存或下载该模型。</translation>
    </message>
    <message>
        <source>%1 is damaged: its entry for the tensor “%2” is not valid.</source>
        <translation>%1 已损坏：其中张量“%2”的条目无效。</translation>
    </message>
    <message>
        <source>%1 is damaged: its header does not describe model weights.</source>
        <translation>%1 已损坏：文件头描述的不是模型权重。</translation>
    </message>
    <message>
        <source>%1 has no tensor “%2” (the model needs one of shape %3): the weights belong to another model.</source>
        <translation>%1 缺少张量“%2”（模型需要形状为 %3 的张量）：这些权重属于另一个模型。</translation>
    </message>
    <message>
        <source>%1: the tensor “%2” does not hold the shape %3 the model needs.</source>
        <translation>%1 中张量“%2”不是模型需要的形状 %3。</translation>
    </message>
    <message>
        <source>%1: the tensor “%2” has shape %3, but the model needs %4: the weights belong to another model.</source>
        <translation>%1 中张量“%2”的形状为 %3，但模型需要 %4：这些权重属于另一个模型。</translation>
    </message>
    <message>
        <source>%1 holds the tensor “%2”, which is not part of this model.</source>
        <translation>%1 含有张量“%2”，它不属于这个模型。</translation>
    </message>
    <message>
        <source>%1: the tensor “%2” holds a value that is %3: the file is damaged or was saved from a run that diverged.</source>
        <translation>%1：张量“%2”含有一个%3的值：文件已损坏，或保存自一次发散的训练。</translation>
    </message>
    <message>
        <source>%1: line %2 is not what a vocabulary holds (line 1 empty, line 2 [UNK], then each token once, in UTF-8 with LF line ends).</source>
        <translation>%1 第 %2 行不符合词表格式（第 1 行为空，第 2 行为 [UNK]，之后每个词元只出现一次；使用 UTF-8 编码和 LF 换行）。</translation>
    </message>
    <message>
        <source>%1, line %2</source>
        <translation>%1 第 %2 行</translation>
    </message>
    <message>
        <source>%1, entry “%2”</source>
        <translation>%1 中的条目“%2”</translation>
    </message>
    <message>
        <source>No such file or folder: %1.</source>
        <translation>找不到文件或文件夹 %1。</translation>
    </message>
    <message>
        <source>%1 is not data AttentionLab reads (an “aclImdb” folder or .tar.gz archive, a CSV or a TSV file).</source>
        <translation>%1 不是 AttentionLab 能读取的数据（应为“aclImdb”文件夹或 .tar.gz 压缩包、CSV 或 TSV 文件）。</translation>
    </message>
    <message>
        <source>%1 is not laid out as “aclImdb”: “%2” is missing or empty.</source>
        <translation>%1 不是“aclImdb”的目录结构：缺少“%2”或其中为空。</translation>
    </message>
    <message>
        <source>%1 is not laid out as “aclImdb” (the folders “train/pos”, “train/neg”, “test/pos” and “test/neg”).</source>
        <translation>%1 不是“aclImdb”的目录结构（应有文件夹“train/pos”、“train/neg”、“test/pos”和“test/neg”）。</translation>
    </message>
    <message>
        <source>%1 is not a readable .tar.gz archive: it is damaged, truncated or of another kind.</source>
        <translation>%1 不是可读取的 .tar.gz 压缩包：文件已损坏、不完整或是其他格式。</translation>
    </message>
    <message>
        <source>%1 holds more than AttentionLab reads; use a part of it.</source>
        <translation>%1 的内容超过了 AttentionLab 能读取的量，请只用其中一部分。</translation>
    </message>
    <message>
        <source>%1 holds more than the %2 records AttentionLab reads; use a part of it.</source>
        <translation>%1 超过了 AttentionLab 能读取的 %2 条记录，请只用其中一部分。</translation>
    </message>
    <message>
        <source>%1 holds no examples to train on.</source>
        <translation>%1 中没有可用于训练的样本。</translation>
    </message>
    <message>
        <source>%1: line %2 is not one question, a Tab and its answer.</source>
        <translation>%1 第 %2 行不是“问题、一个 Tab、回答”的格式。</translation>
    </message>
    <message>
        <source>%1: line %2 is not a CSV record of a review and its sentiment (a review with a comma must be in double quotes).</source>
        <translation>%1 第 %2 行不是由评论和情感两列组成的 CSV 记录（含逗号的评论须放在双引号里）。</translation>
    </message>
    <message>
        <source>%1: line %2 is not a label, a Tab and a text.</source>
        <translation>%1 第 %2 行不是“标签、一个 Tab、文本”的格式。</translation>
    </message>
    <message>
        <source>%1: the label “%2” is neither positive nor negative.</source>
        <translation>%1：标签“%2”既不是正面也不是负面。</translation>
    </message>
    <message>
        <source>%1: the review has no words.</source>
        <translation>%1：评论里没有词。</translation>
    </message>
    <message>
        <source>%1: the review is too long; is the file damaged?</source>
        <translation>%1：评论太长了，文件是否已损坏？</translation>
    </message>
    <message>
        <source>The sentence has no words once punctuation is removed; type at least one word.</source>
        <translation>去掉标点后句子里没有词了，请至少输入一个词。</translation>
    </message>
    <message>
        <source>The sentence has %1 tokens, more than the %2 the model reads.</source>
        <translation>句子有 %1 个词元，超过了模型能读取的 %2 个。</translation>
    </message>
    <message>
        <source>The sentence has no [MASK] to fill: write [MASK] where a word should be guessed.</source>
        <translation>句子里没有要填的 [MASK]：请在要猜的词的位置写上 [MASK]。</translation>
    </message>
    <message>
        <source>Training diverged: the loss became %1 in epoch %2. Try a smaller learning rate; the last saved model is unchanged.</source>
        <translation>训练发散了：第 %2 轮的损失变成了%1。请尝试更小的学习率；上次保存的模型没有改变。</translation>
    </message>
    <message>
        <source>Training diverged: the loss became %1 in epoch %2, the weights of “%3” first out of bounds. Try a smaller learning rate; the last saved model is unchanged.</source>
        <translation>训练发散了：第 %2 轮的损失变成了%1，“%3”的权重最先越界。请尝试更小的学习率；上次保存的模型没有改变。</translation>
    </message>
    <message>
        <source>The model&apos;s numbers overflow in %1: its weights are so large that its attention and probabilities are no longer numbers. This model cannot be used.</source>
        <translation>模型的数值在 %1 处溢出：它的权重过大，注意力和概率已不再是数值。此模型无法使用。</translation>
    </message>
    <message>
        <source>%1 is not an AttentionLab session: it does not say “format”: “attentionlab-session”.</source>
        <translation>%1 不是 AttentionLab 会话文件：它没有写明 “format”: “attentionlab-session”。</translation>
    </message>
    <message>
        <source>%1 is not an AttentionLab session (its format is “%2”).</source>
        <translation>%1 不是 AttentionLab 会话文件（其格式为“%2”）。</translation>
    </message>
    <message>
        <source>%1 names “%2”, which is not a folder AttentionLab opens models from (a session names the full path of a model folder); it was passed over.</source>
        <translation>%1 中的“%2”不是 AttentionLab 打开模型的文件夹（会话文件写的是模型文件夹的完整路径）；已跳过。</translation>
    </message>
    <message>
        <source>Cannot write %1: check that the disk has room and that you may write there.</source>
        <translation>无法写入 %1：请检查磁盘空间是否足够，以及是否有写入权限。</translation>
    </message>
    <message>
        <source>%1 exists and is not a model folder; AttentionLab does not replace it. Choose another name.</source>
        <translation>%1 已存在且不是模型文件夹，AttentionLab 不会覆盖它。请换一个名字。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>No training examples are left once the validation share is set aside; use more data or a smaller validation share.</source>
        <translation>留出验证集后没有剩下训练样本；请使用更多数据，或调小验证集比例。</translation>
    </message>
    <message>
        <source>AttentionLab stopped at a check of its own code: this is a bug in AttentionLab, not a mistake of yours. Please report it with the detail below.</source>
        <translation>AttentionLab 在检查自身代码时停了下来：这是 AttentionLab 的缺陷，不是您的操作错误。请连同下面的详细信息一起报告。</translation>
    </message>
    <message>
        <source>%1 lacks tensors the model needs: the weights belong to another model or were saved incompletely.</source>
        <translation>%1 缺少模型所需的张量：这些权重属于另一个模型，或者没有保存完整。</translation>
    </message>
    <message>
        <source>%1 has no tensor “%2”: the weights belong to another model.</source>
        <translation>%1 中没有张量“%2”：这些权重属于另一个模型。</translation>
    </message>
    <message>
        <source>The corpus is read from the Debian package %1, which is not installed (%2 is missing); install it with “apt-get install %1”.</source>
        <translation>该语料来自 Debian 软件包 %1，但它尚未安装（缺少 %2）；请用“apt-get install %1”安装。</translation>
    </message>
    <message>
        <source>%1 describes a model AttentionLab does not compute; it reads BERT and GPT-2 folders.</source>
        <translation>%1 描述的模型 AttentionLab 无法计算；它只读取 BERT 和 GPT-2 的文件夹。</translation>
    </message>
    <message>
        <source>%1 describes a model AttentionLab does not compute (“%2” is “%3”); it reads BERT and GPT-2 as they were published.</source>
        <translation>%1 描述的模型 AttentionLab 无法计算（“%2”为“%3”）；它只读取按原始发表方式构建的 BERT 和 GPT-2。</translation>
    </message>
    <message>
        <source>%1 holds a tokenizer AttentionLab does not read; it reads WordPiece (BERT) and GPT-2&apos;s byte-level BPE.</source>
        <translation>%1 中的分词器 AttentionLab 无法读取；它只读取 WordPiece（BERT）和 GPT-2 的字节级 BPE 分词器。</translation>
    </message>
    <message>
        <source>%1 holds a tokenizer AttentionLab does not read (“%2”); it reads WordPiece (BERT) and GPT-2&apos;s byte-level BPE.</source>
        <translation>%1 中的分词器（“%2”）AttentionLab 无法读取；它只读取 WordPiece（BERT）和 GPT-2 的字节级 BPE 分词器。</translation>
    </message>
    <message>
        <source>%1 has no %2, which its tokenizer needs.</source>
        <translation>%1 缺少分词器所需的 %2。</translation>
    </message>
    <message>
        <source>%1 has no tokenizer: a model folder holds tokenizer.json, vocab.txt (BERT), or vocab.json with merges.txt (GPT-2).</source>
        <translation>%1 中没有分词器：模型文件夹应包含 tokenizer.json、vocab.txt（BERT），或 vocab.json 加 merges.txt（GPT-2）。</translation>
    </message>
    <message>
        <source>%1: line %2 is not what a tokenizer file holds: the file is damaged or of another kind.</source>
        <translation>%1：第 %2 行不是分词器文件应有的内容：文件已损坏或属于其他类型。</translation>
    </message>
    <message>
        <source>%1: the piece “%2” is not right: the tokenizer&apos;s files are damaged or do not belong together.</source>
        <translation>%1：词片“%2”有误：分词器的文件已损坏或彼此不匹配。</translation>
    </message>
    <message>
        <source>%1 is not a tokenizer file AttentionLab can read: it is empty, too large or damaged.</source>
        <translation>%1 不是 AttentionLab 能读取的分词器文件：它是空的、过大或已损坏。</translation>
    </message>
    <message>
        <source>%1: the vocabulary has no %2 piece, which the model needs.</source>
        <translation>%1：词表中没有模型所需的 %2 词片。</translation>
    </message>
    <message>
        <source>%1 has no model.safetensors with the model&apos;s weights.</source>
        <translation>%1 中没有存放模型权重的 model.safetensors。</translation>
    </message>
    <message>
        <source>%1 holds its weights as %2, which AttentionLab does not read; convert them to one model.safetensors file.</source>
        <translation>%1 的权重保存为 %2，AttentionLab 不读取这种格式；请将其转换为单个 model.safetensors 文件。</translation>
    </message>
    <message>
        <source>%1: the tensor “%2” is stored as %3; AttentionLab reads weights stored as F32, F16 or BF16.</source>
        <translation>%1：张量“%2”的存储类型为 %3；AttentionLab 只读取以 F32、F16 或 BF16 存储的权重。</translation>
    </message>
    <message>
        <source>%1 is a Hugging Face cache, not the folder of one model: choose the folder of one model in it (snapshots/…).</source>
        <translation>%1 是 Hugging Face 缓存，而不是单个模型的文件夹：请选择其中某一个模型的文件夹（snapshots/…）。</translation>
    </message>
    <message>
        <source>%1: this BERT has no masked-language-model head (cls.predictions), so it cannot fill in blanks or be read through the logit lens.</source>
        <translation>%1：此 BERT 没有掩码语言模型输出头（cls.predictions），因此无法填空，也无法用 logit 透镜读取。</translation>
    </message>
    <message>
        <source>%1: this BERT has no next-sentence head, so it cannot tell whether a sentence follows another.</source>
        <translation>%1：此 BERT 没有下一句预测输出头，因此无法判断一句话是否接在另一句之后。</translation>
    </message>
    <message>
        <source>%1: the BERT folder the sentiment head was trained on, %2, cannot be read; put the folder back there, or train the head again.</source>
        <translation>%1：情感输出头训练时所用的 BERT 文件夹 %2 无法读取；请把该文件夹放回原处，或重新训练输出头。</translation>
    </message>
    <message>
        <source>%1: the BERT folder %2 now holds another BERT than the one the sentiment head was trained on; train the head again on this folder.</source>
        <translation>%1：BERT 文件夹 %2 中现在是另一个 BERT，而不是情感输出头训练时所用的那个；请在此文件夹上重新训练输出头。</translation>
    </message>
    <message>
        <source>%1: a Hugging Face model is read, never written; the folder it came from is the copy to keep.</source>
        <translation>%1：Hugging Face 模型只读不写；它原来所在的文件夹就是应保留的副本。</translation>
    </message>
    <message>
        <source>%1: a Hugging Face model is not evaluated here, as AttentionLab has no test data of the task it was trained on; explore it on the other pages.</source>
        <translation>%1：这里不评估 Hugging Face 模型，因为 AttentionLab 没有它所训练任务的测试数据；请在其他页面上探索它。</translation>
    </message>
    <message>
        <source>The text holds the byte %1, for which the model&apos;s vocabulary (%2) has no piece; remove that character.</source>
        <translation>文本中含有字节 %1，而模型的词表（%2）中没有对应的词片；请删去该字符。</translation>
    </message>
    <message>
        <source>The token id %1 is outside the model&apos;s vocabulary of %2 entries: the vocabulary and the model do not belong together.</source>
        <translation>词元编号 %1 超出了模型词表的 %2 个条目：词表与模型不匹配。</translation>
    </message>
    <message>
        <source>The model reads text with the tokenizer “%1”, not “%2”.</source>
        <translation>该模型用分词器“%1”读取文本，而不是“%2”。</translation>
    </message>
    <message>
        <source>%1: the model reads text with the tokenizer “%2”, not “%3”.</source>
        <translation>%1：该模型用分词器“%2”读取文本，而不是“%3”。</translation>
    </message>
    <message>
        <source>This language model has no memory (memory_length 0) to read a text with; train one with a memory.</source>
        <translation>该语言模型没有记忆（memory_length 为 0），无法带着记忆读取文本；请训练一个带记忆的模型。</translation>
    </message>
    <message>
        <source>This model has no learned position embedding (its positions are “%1”).</source>
        <translation>该模型没有可学习的位置嵌入（它的位置编码是“%1”）。</translation>
    </message>
    <message>
        <source>The model has no head %1 (layer.head, counted from 0): it has %2 layers × heads.</source>
        <translation>该模型没有头 %1（层.头，从 0 开始计数）：它有 %2 个（层 × 头）。</translation>
    </message>
    <message>
        <source>This would take %1 of memory, more than the %2 AttentionLab sets aside; use a shorter text or less data.</source>
        <translation>这需要 %1 内存，超过了 AttentionLab 预留的 %2；请使用更短的文本或更少的数据。</translation>
    </message>
    <message>
        <source>The setting “%1” must be %2.</source>
        <translation>设置“%1”必须为 %2。</translation>
    </message>
    <message>
        <source>The setting “%1” cannot be %2.</source>
        <translation>设置“%1”不能为 %2。</translation>
    </message>
    <message>
        <source>The setting “%1” cannot be %2 (expected %3).</source>
        <translation>设置“%1”不能为 %2（应为 %3）。</translation>
    </message>
    <message>
        <source>The setting “%1” does not go with %2: leave it out or change the other.</source>
        <translation>设置“%1”与 %2 不相容：请去掉它，或修改另一项。</translation>
    </message>
    <message>
        <source>“%1” keeps its training history only: there are no weights to save in %2.</source>
        <translation>“%1”只保留了训练历史：没有可保存到 %2 的权重。</translation>
    </message>
    <message>
        <source>%1: AttentionLab cannot write files of the type “%2”; choose %3.</source>
        <translation>%1：AttentionLab 无法写入“%2”类型的文件；请选择 %3。</translation>
    </message>
</context>
<context>
    <name>FigureExport</name>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Save picture</source>
        <translation>保存图片</translation>
    </message>
    <message>
        <source>Save numbers</source>
        <translation>保存数值</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
</context>
<context>
    <name>HubModel</name>
    <message>
        <source>more than %1 redirects</source>
        <translation>重定向超过 %1 次</translation>
    </message>
    <message>
        <source>HTTP status %1</source>
        <translation>HTTP 状态码 %1</translation>
    </message>
    <message>
        <source>%1 is %2 bytes, more than AttentionLab reads for %3</source>
        <translation>%1 有 %2 字节，超过了 AttentionLab 为 %3 读取的上限</translation>
    </message>
    <message>
        <source>Cannot download %1: %2. Check the connection and try again.</source>
        <translation>无法下载 %1：%2。请检查网络连接后重试。</translation>
    </message>
    <message>
        <source>%1 came with %2 bytes, the hub stated %3; try again.</source>
        <translation>%1 收到 %2 字节，而模型库声明的是 %3 字节；请重试。</translation>
    </message>
    <message>
        <source>%1 does not have the SHA-256 the hub stated (%2); try again.</source>
        <translation>%1 的 SHA-256 与模型库声明的不一致（%2）；请重试。</translation>
    </message>
    <message>
        <source>%1 does not have the checksum the hub stated (git SHA-1 %2); try again.</source>
        <translation>%1 的校验值与模型库声明的不一致（git SHA-1 %2）；请重试。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Choose a folder you can write to.</source>
        <translation>无法写入 %1：%2。请选择一个你有写权限的文件夹。</translation>
    </message>
    <message>
        <source>The hub states no SHA-256 for %1 (X-Linked-Etag &quot;%2&quot;), so it cannot be checked.</source>
        <translation>模型库没有给出 %1 的 SHA-256（X-Linked-Etag 为“%2”），因此无法校验。</translation>
    </message>
    <message>
        <source>%1 has %2 bytes, the hub stated %3.</source>
        <translation>%1 有 %2 字节，而模型库声明的是 %3 字节。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a model name: give NAME or OWNER/NAME, for example %2</source>
        <translation>“%1”不是模型名称：请给出 NAME 或 OWNER/NAME，例如 %2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a revision: give a branch, a tag or a commit</source>
        <translation>“%1”不是一个版本：请给出分支、标签或提交</translation>
    </message>
    <message>
        <source>Cannot create the folder %1: choose a folder you can write to.</source>
        <translation>无法创建文件夹 %1：请选择一个你有写权限的文件夹。</translation>
    </message>
    <message>
        <source>Cannot download %1: %2. Check the connection (and $HF_ENDPOINT) and try again.</source>
        <translation>无法下载 %1：%2。请检查网络连接（以及 $HF_ENDPOINT）后重试。</translation>
    </message>
    <message>
        <source>%1 was not found (HTTP 404): is %2 a model on the hub, at revision %3?</source>
        <translation>找不到 %1（HTTP 404）：%2 是模型库中的模型吗？版本 %3 存在吗？</translation>
    </message>
    <message>
        <source>%1: model_type &quot;%2&quot; is not supported; AttentionLab reads &quot;bert&quot; and &quot;gpt2&quot;</source>
        <translation>%1：不支持 model_type“%2”；AttentionLab 只读取“bert”和“gpt2”</translation>
    </message>
    <message>
        <source>%1 has its weights only as pytorch_model.bin (a pickle file, which AttentionLab never loads); convert it to safetensors, or choose a revision that has model.safetensors</source>
        <translation>%1 的权重只有 pytorch_model.bin（pickle 文件，AttentionLab 从不加载）；请把它转换为 safetensors，或选择一个包含 model.safetensors 的版本</translation>
    </message>
    <message>
        <source>%1 has no model.safetensors at revision %2 (sharded weights are not read)</source>
        <translation>%1 在版本 %2 中没有 model.safetensors（不读取分片的权重）</translation>
    </message>
    <message>
        <source>%1 has no tokenizer AttentionLab reads (tokenizer.json, vocab.txt or vocab.json with merges.txt)</source>
        <translation>%1 没有 AttentionLab 能读取的分词器（tokenizer.json、vocab.txt，或 vocab.json 加 merges.txt）</translation>
    </message>
</context>
<context>
    <name>KindTexts</name>
    <message>
        <source>IMDB Transformer</source>
        <translation>IMDB Transformer</translation>
    </message>
    <message>
        <source>Classify movie reviews as positive or negative with a Transformer encoder</source>
        <translation>用 Transformer 编码器把电影评论分为正面或负面</translation>
    </message>
    <message>
        <source>Bag-of-bigrams</source>
        <translation>二元语法袋</translation>
    </message>
    <message>
        <source>The baseline: the same reviews as a bag of words and word pairs, order forgotten</source>
        <translation>基线模型：同样的影评，看作单词和词对组成的词袋，不考虑词序</translation>
    </message>
    <message>
        <source>Chatbot</source>
        <translation>聊天机器人</translation>
    </message>
    <message>
        <source>A GRU encoder-decoder with additive attention that answers questions (or translates)</source>
        <translation>带加性注意力的 GRU 编码器-解码器，用来回答问题（或翻译）</translation>
    </message>
    <message>
        <source>Transformer chatbot</source>
        <translation>Transformer 聊天机器人</translation>
    </message>
    <message>
        <source>An encoder-decoder Transformer that answers questions (or translates)</source>
        <translation>回答问题（或翻译）的编码器-解码器 Transformer</translation>
    </message>
    <message>
        <source>Masked language model (BERT)</source>
        <translation>掩码语言模型（BERT）</translation>
    </message>
    <message>
        <source>Pre-train the IMDB encoder by guessing hidden words from both sides; labels are not used</source>
        <translation>通过根据左右两侧上下文猜出被遮住的词来预训练 IMDB 编码器；不使用标签</translation>
    </message>
    <message>
        <source>Built-in reviews (offline)</source>
        <translation>内置影评（离线）</translation>
    </message>
    <message>
        <source>Built-in Chinese reviews (offline)</source>
        <translation>内置中文影评（离线）</translation>
    </message>
    <message>
        <source>Built-in dialogs (offline)</source>
        <translation>内置对话（离线）</translation>
    </message>
    <message>
        <source>Built-in English → Spanish (offline)</source>
        <translation>内置英语 → 西班牙语（离线）</translation>
    </message>
    <message>
        <source>Built-in Chinese dialogs (offline)</source>
        <translation>内置中文对话（离线）</translation>
    </message>
    <message>
        <source>Built-in Chinese → English (offline)</source>
        <translation>内置中文 → 英语（离线）</translation>
    </message>
    <message>
        <source>Reviews (*.tar.gz *.tgz *.csv *.tsv *.txt);;All files (*)</source>
        <translation>影评 (*.tar.gz *.tgz *.csv *.tsv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Dialogs: question&lt;TAB&gt;answer lines (*.txt *.tsv);;All files (*)</source>
        <translation>对话：每行“问题&lt;TAB&gt;回答” (*.txt *.tsv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Pretrained BERT</source>
        <translation>预训练 BERT</translation>
    </message>
    <message>
        <source>A published BERT encoder read from a Hugging Face folder: its attention, its guesses for hidden words and whether one sentence follows another; its own weights stay as published (a sentiment head on it can fine-tune a copy of its top layers)</source>
        <translation>从 Hugging Face 文件夹读取的已发布 BERT 编码器：它的注意力、它对被遮住的词的猜测，以及一句话是否接在另一句之后；它自己的权重保持发布时的样子（在它上面训练的情感分类头可以微调它顶部几层的副本）</translation>
    </message>
    <message>
        <source>Pretrained GPT-2</source>
        <translation>预训练 GPT-2</translation>
    </message>
    <message>
        <source>A published GPT-2 read from a Hugging Face folder: it continues a text one token at a time, and shows its causal attention; read only, never trained here</source>
        <translation>从 Hugging Face 文件夹读取的已发布 GPT-2：它一次一个词元地续写文本，并展示它的因果注意力；只读，不在这里训练</translation>
    </message>
    <message numerus="yes">
        <source>pretrained BERT: %1 words, up to %2 tokens, %n layer(s) of %3 heads, width %4</source>
        <translation>
            <numerusform>预训练 BERT：%1 个词，最多 %2 个词元，%n 层，每层 %3 个头，宽度 %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pretrained GPT-2: %1 words, up to %2 tokens, %n layer(s) of %3 heads, width %4</source>
        <translation>
            <numerusform>预训练 GPT-2：%1 个词，最多 %2 个词元，%n 层，每层 %3 个头，宽度 %4</numerusform>
        </translation>
    </message>
    <message>
        <source>Language model (GPT)</source>
        <translation>语言模型（GPT）</translation>
    </message>
    <message>
        <source>A small GPT-style decoder that learns to write like its text, one character (or word) after another, each position predicting the next</source>
        <translation>一个小型 GPT 式解码器：每个位置预测下一个，一个字（或词）接一个字地学会像它的文本那样写作</translation>
    </message>
    <message>
        <source>Built-in English text: reviews (offline)</source>
        <translation>内置英文文本：影评（离线）</translation>
    </message>
    <message>
        <source>Built-in Chinese text: reviews (offline)</source>
        <translation>内置中文文本：影评（离线）</translation>
    </message>
    <message>
        <source>UTF-8 text (*.txt);;All files (*)</source>
        <translation>UTF-8 文本 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>English quotations (Debian&apos;s fortunes)</source>
        <translation>英文名言（Debian 的 fortunes）</translation>
    </message>
    <message>
        <source>Tang and Song poems (Debian&apos;s fortunes-zh)</source>
        <translation>唐诗宋词（Debian 的 fortunes-zh）</translation>
    </message>
    <message>
        <source>Built-in long-range text: names and numbers repeated later (offline)</source>
        <translation>内置长距离文本：名字和数字在后文重复出现（离线）</translation>
    </message>
    <message>
        <source>Built-in Chinese sentences: what does 它 refer to? (offline)</source>
        <translation>内置中文句子：“它”指的是什么？（离线）</translation>
    </message>
    <message>
        <source>Made so that attention must find the referent: in every sentence, such as 小明把书包忘在教室，它很沉。, the word after 它很 is a property of the noun 它 refers to (the verb says which: the object or the place), and the other noun is a distractor. Without the referent each of its 4 possible words is equally likely (25 %). The test sentences pair nouns never paired in training. The model guesses the decisive word at 很, the token before it.</source>
        <translation>这些句子专为让注意力找到指代对象而造：每句话（如 小明把书包忘在教室，它很沉。）中，“它很”后面的词是“它”所指名词的属性（由动词决定指物品还是地点），另一个名词是干扰项。不知道指代对象时，4 个可能的词机会均等（各 25%）。测试句中的名词组合在训练中从未出现。模型在“很”这个位置（决定词的前一个词元）猜测决定词。</translation>
    </message>
    <message>
        <source>Sentiment head on BERT</source>
        <translation>BERT 上的情感分类头</translation>
    </message>
    <message>
        <source>A pretrained BERT with a sentiment head trained here on its [CLS] state, BERT frozen or its top layers fine-tuned with the head: transfer from pre-training to a few labelled reviews</source>
        <translation>预训练 BERT 加上在本应用中基于其 [CLS] 状态训练的情感分类头，BERT 保持冻结，或者它顶部的几层和分类头一起微调：把预训练学到的东西迁移到少量带标签的影评上</translation>
    </message>
    <message numerus="yes">
        <source>a sentiment head on BERT %1: reads up to %2 tokens, %n layer(s) of %3 heads, width %4</source>
        <translation>
            <numerusform>BERT %1 上的情感分类头：最多读取 %2 个词元，%n 层，每层 %3 个头，宽度 %4</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OptionTexts</name>
    <message>
        <source>learned position embedding</source>
        <translation>学习得到的位置嵌入</translation>
    </message>
    <message>
        <source>sinusoidal position encoding</source>
        <translation>正弦位置编码</translation>
    </message>
    <message>
        <source>no position information</source>
        <translation>无位置信息</translation>
    </message>
    <message>
        <source>position %1</source>
        <translation>位置 %1</translation>
    </message>
    <message>
        <source>layer norm</source>
        <translation>层归一化</translation>
    </message>
    <message>
        <source>batch norm</source>
        <translation>批归一化</translation>
    </message>
    <message>
        <source>%1 norm</source>
        <translation>归一化 %1</translation>
    </message>
    <message>
        <source>GRU</source>
        <translation>GRU</translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation>Transformer</translation>
    </message>
    <message>
        <source>learned position</source>
        <translation>学习得到的位置</translation>
    </message>
    <message>
        <source>sinusoidal position</source>
        <translation>正弦位置</translation>
    </message>
    <message>
        <source>no position</source>
        <translation>无位置</translation>
    </message>
</context>
<context>
    <name>ParameterTexts</name>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>How many times the model sees the whole training data.</source>
        <translation>模型把全部训练数据完整看几遍。</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>批次大小</translation>
    </message>
    <message>
        <source>How many samples are averaged for one step of the weights. Larger batches give smoother but fewer steps.</source>
        <translation>权重每更新一步要平均多少个样本。批次越大，每一步越平稳，但步数越少。</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>How big a step the optimizer takes. Too large and the loss jumps or becomes NaN; too small and nothing seems to happen.</source>
        <translation>优化器每一步迈多大。太大，损失会来回跳动甚至变成 NaN；太小，则看上去什么都没发生。</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>How the gradient becomes a step. SGD: a fixed multiple of the gradient. RMSprop and Adam: each weight&apos;s step is scaled by how large its recent gradients were.</source>
        <translation>梯度如何变成一步更新。SGD：梯度乘以一个固定倍数。RMSprop 和 Adam：每个权重的步长会按它最近梯度的大小进行缩放。</translation>
    </message>
    <message>
        <source>RMSprop</source>
        <translation>RMSprop</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>SGD</source>
        <translation>SGD</translation>
    </message>
    <message>
        <source>Validation split</source>
        <translation>验证集比例</translation>
    </message>
    <message>
        <source>This fraction of the training data is held out and never trained on; its accuracy tells whether the model learned or memorized. 0: no validation curve.</source>
        <translation>从训练数据中留出这一比例，始终不用于训练；它上面的准确率能说明模型是真的学会了，还是只是记住了训练数据。0：不画验证曲线。</translation>
    </message>
    <message>
        <source>Shuffle</source>
        <translation>打乱顺序</translation>
    </message>
    <message>
        <source>On: a new order of the samples every epoch. Off: the file&apos;s order every time.</source>
        <translation>开：每一轮都重新打乱样本顺序。关：每次都按文件中的顺序。</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Decides every random choice (initial weights, order, dropout). The same seed and thread count repeat a run exactly.</source>
        <translation>决定所有随机选择（初始权重、样本顺序、Dropout）。种子和线程数都相同时，训练结果可以完全复现。</translation>
    </message>
    <message>
        <source>Threads</source>
        <translation>线程数</translation>
    </message>
    <message>
        <source>How many processor cores train. One is left free by default so the window stays quick.</source>
        <translation>用多少个处理器核心来训练。默认空出一个核心，让窗口保持流畅。</translation>
    </message>
    <message>
        <source>Tokenizer</source>
        <translation>分词器</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>GRU: the tutorial&apos;s encoder and decoder of recurrent cells, the decoder looking back at the question with additive (Bahdanau) attention. Transformer: encoder and decoder of self-attention layers, the decoder&apos;s also attending to the question.</source>
        <translation>GRU：教程中由循环单元组成的编码器和解码器，解码器用加性（Bahdanau）注意力回看问题。Transformer：由自注意力层组成的编码器和解码器，解码器还会关注问题。</translation>
    </message>
    <message>
        <source>GRU</source>
        <translation>GRU</translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation>Transformer</translation>
    </message>
    <message>
        <source>How text is cut into tokens. keras: the book&apos;s rules (lowercase, no punctuation, split on spaces). ascii: the chatbot tutorial&apos;s rules (accents removed, only a-z and ?.!, kept). icu_words: a dictionary of words for any language, Chinese and Japanese included. auto: the task&apos;s own rules, or icu_words when the data is mostly Chinese, Japanese or Korean.</source>
        <translation>如何把文本切分成词元。keras：书中的规则（转为小写、去掉标点、按空格切分）。ascii：聊天机器人教程的规则（去掉重音符号，只保留 a-z 和 ?.!,）。icu_words：基于词典切分词语，适用于任何语言，包括中文和日文。自动：使用任务自己的规则；若数据以中文、日文或韩文为主，则使用 icu_words。</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>keras</source>
        <translation>keras</translation>
    </message>
    <message>
        <source>ascii</source>
        <translation>ascii</translation>
    </message>
    <message>
        <source>icu_words</source>
        <translation>icu_words</translation>
    </message>
    <message>
        <source>Training samples</source>
        <translation>训练样本数</translation>
    </message>
    <message>
        <source>Train on only this many samples (after shuffling), to see how far a few labelled examples go, with or without pre-training. 0: all of them.</source>
        <translation>只用这么多个样本训练（在打乱顺序之后），看看少量带标签的样本能学到什么程度，有无预训练时各如何。0：使用全部样本。</translation>
    </message>
    <message>
        <source>Mask rate</source>
        <translation>掩码比例</translation>
    </message>
    <message>
        <source>The share of the tokens of every sequence hidden for the model to guess (BERT: 15 %). Of those, 80 % become [MASK], 10 % a random word, 10 % stay.</source>
        <translation>每个序列中被遮住、留给模型去猜的词元比例（BERT：15 %）。在这些词元中，80 % 换成 [MASK]，10 % 换成随机词，10 % 保持不变。</translation>
    </message>
    <message>
        <source>Vocabulary size</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>How many different words the model knows (the most frequent ones of the training data). Every other word becomes [UNK].</source>
        <translation>模型认识多少个不同的词（取训练数据中最常见的那些）。其余的词都变成 [UNK]。</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>A review is cut after this many words. Longer means more context and slower training.</source>
        <translation>影评超过这么多个词的部分会被截掉。越长，上下文越多，训练也越慢。</translation>
    </message>
    <message>
        <source>Embedding width (D)</source>
        <translation>嵌入维度 (D)</translation>
    </message>
    <message>
        <source>How many numbers describe each word inside the model.</source>
        <translation>模型内部用多少个数来表示每个词。</translation>
    </message>
    <message>
        <source>Attention heads (H)</source>
        <translation>注意力头数 (H)</translation>
    </message>
    <message>
        <source>How many attention patterns each layer computes side by side; each head can look for something different.</source>
        <translation>每一层并行计算多少种注意力模式；每个注意力头都可以关注不同的东西。</translation>
    </message>
    <message>
        <source>Key width per head (K)</source>
        <translation>每个头的键维度 (K)</translation>
    </message>
    <message>
        <source>The length of the query and key vectors each head compares; scores are divided by the square root of this width.</source>
        <translation>每个头所比较的查询向量和键向量的长度；注意力分数要除以这个维度的平方根。</translation>
    </message>
    <message>
        <source>Feed-forward width (F)</source>
        <translation>前馈维度 (F)</translation>
    </message>
    <message>
        <source>The hidden width of the small two-layer network applied to every word after attention.</source>
        <translation>注意力之后作用于每个词的两层小网络的隐藏层宽度。</translation>
    </message>
    <message>
        <source>Encoder layers (L)</source>
        <translation>编码器层数 (L)</translation>
    </message>
    <message>
        <source>How many attention + feed-forward blocks are stacked.</source>
        <translation>堆叠多少个“注意力 + 前馈”模块。</translation>
    </message>
    <message>
        <source>Word position</source>
        <translation>词的位置</translation>
    </message>
    <message>
        <source>Attention alone does not see word order. Learned: the model learns one vector per position. Sinusoidal: fixed sine waves of different speeds. None: the sentence is a bag of words, so &quot;not good&quot; and &quot;good, not&quot; look alike.</source>
        <translation>注意力本身看不到词序。学习得到：模型为每个位置学习一个向量（位置嵌入）。正弦：固定的、频率各不相同的正弦波（位置编码）。无：句子只是一个词袋，所以“not good”和“good, not”看起来一模一样。</translation>
    </message>
    <message>
        <source>learned</source>
        <translation>学习得到</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Layer: each word&apos;s vector is normalized on its own (what Transformers use). Batch: each feature is normalized over all words of the batch, which mixes reviews of different lengths.</source>
        <translation>层归一化：每个词的向量单独归一化（Transformer 的做法）。批归一化：每个特征在整个批次的所有词上归一化，这会把长短不一的影评混在一起。</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层归一化</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>批归一化</translation>
    </message>
    <message>
        <source>Pooling</source>
        <translation>汇聚</translation>
    </message>
    <message>
        <source>How the words&apos; vectors become one vector for the review: the largest value of each feature, or the average.</source>
        <translation>如何把各个词的向量合成整条影评的一个向量：取每个特征的最大值，或取平均值。</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout（随机失活）</translation>
    </message>
    <message>
        <source>During training, this fraction of the pooled features is set to zero at random, so the model cannot lean on any single one. 0 switches it off.</source>
        <translation>训练时随机把这一比例的汇聚后的特征置为零，使模型不能只依赖其中某一个特征。0 表示关闭。</translation>
    </message>
    <message>
        <source>How many single words and word pairs (bigrams) the model knows, the most frequent of the training data.</source>
        <translation>模型认识多少个单词和词对（二元语法），取训练数据中最常见的那些。</translation>
    </message>
    <message>
        <source>Hidden units</source>
        <translation>隐藏单元数</translation>
    </message>
    <message>
        <source>The width of the one hidden layer between the bag of n-grams and the answer.</source>
        <translation>n 元词袋与输出答案之间那一个隐藏层的宽度。</translation>
    </message>
    <message>
        <source>Encoding</source>
        <translation>编码方式</translation>
    </message>
    <message>
        <source>Multi-hot: 1 for every n-gram the review contains. TF-IDF: how often it occurs, weighted down for n-grams that occur in most reviews.</source>
        <translation>多热编码：影评中出现的每个 n 元语法记为 1。TF-IDF：按出现次数计，但对大多数影评中都出现的 n 元语法降低权重。</translation>
    </message>
    <message>
        <source>multi-hot</source>
        <translation>多热编码</translation>
    </message>
    <message>
        <source>TF-IDF</source>
        <translation>TF-IDF</translation>
    </message>
    <message>
        <source>During training, this fraction of the hidden units is set to zero at random. 0 switches it off.</source>
        <translation>训练时随机把这一比例的隐藏单元置为零。0 表示关闭。</translation>
    </message>
    <message>
        <source>Embedding width (E)</source>
        <translation>嵌入维度 (E)</translation>
    </message>
    <message>
        <source>How many numbers describe each word.</source>
        <translation>用多少个数来表示每个词。</translation>
    </message>
    <message>
        <source>GRU units (U)</source>
        <translation>GRU 单元数 (U)</translation>
    </message>
    <message>
        <source>The size of the encoder&apos;s and decoder&apos;s memory (their GRU state).</source>
        <translation>编码器和解码器的“记忆”大小（即它们的 GRU 状态）。</translation>
    </message>
    <message>
        <source>Attention units (A)</source>
        <translation>注意力单元数 (A)</translation>
    </message>
    <message>
        <source>The width of the small network that scores how well each question word fits the answer word being written (Bahdanau attention).</source>
        <translation>一个小网络的宽度，它为每个问题词打分，衡量该词与正在生成的答案词有多匹配（Bahdanau 注意力）。</translation>
    </message>
    <message>
        <source>Longest sentence</source>
        <translation>最长句子</translation>
    </message>
    <message>
        <source>In words, &lt;start&gt; and &lt;end&gt; included; longer question-answer pairs are left out.</source>
        <translation>以词计，包括 &lt;start&gt; 和 &lt;end&gt;；更长的问答对会被舍弃。</translation>
    </message>
    <message>
        <source>Keep</source>
        <translation>保留轮次</translation>
    </message>
    <message>
        <source>Which epoch the run keeps. best: the one with the lowest validation loss (an early epoch, when later ones start to memorize). last: the last epoch, however it does on the held-out data.</source>
        <translation>本次运行保留哪一轮。最佳：验证损失最低的一轮（往往是较早的一轮，此后模型开始死记训练数据）。最后：最后一轮，不管它在留出的数据上表现如何。</translation>
    </message>
    <message>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <source>last</source>
        <translation>最后</translation>
    </message>
    <message>
        <source>Batch norm counts</source>
        <translation>批归一化统计</translation>
    </message>
    <message>
        <source>Only with batch normalization, in training. Real words only: the statistics come from the words of the batch. Padding too: every review is padded to the sequence length and the padding enters the statistics, as in a Keras model whose batch norm no mask reaches (the book&apos;s encoder).</source>
        <translation>仅用于批归一化，且只在训练时生效。只计真实的词：统计量来自批次中的词。也计入填充：每条影评都被填充到序列长度，填充也进入统计量，就像批归一化层收不到掩码的 Keras 模型（书中的编码器）那样。</translation>
    </message>
    <message>
        <source>real words only</source>
        <translation>只计真实的词</translation>
    </message>
    <message>
        <source>padding too (Keras)</source>
        <translation>也计入填充（Keras）</translation>
    </message>
    <message>
        <source>At most this many different tokens (characters, with the chars tokenizer), the most frequent of the text. Every other one becomes [UNK].</source>
        <translation>最多保留这么多个不同的词元（用逐字分词器时即字符），取文本中最常见的。其余的都变成 [UNK]。</translation>
    </message>
    <message>
        <source>Window (S)</source>
        <translation>窗口 (S)</translation>
    </message>
    <message>
        <source>How many tokens the model reads at once: it predicts each next token from at most this many before it.</source>
        <translation>模型一次读入的词元数：它根据前面最多这么多个词元预测下一个。</translation>
    </message>
    <message>
        <source>Decoder layers (L)</source>
        <translation>解码器层数 (L)</translation>
    </message>
    <message>
        <source>How many masked attention + feed-forward blocks are stacked.</source>
        <translation>堆叠多少个“带掩码的注意力 + 前馈网络”模块。</translation>
    </message>
    <message>
        <source>Token position</source>
        <translation>词元位置</translation>
    </message>
    <message>
        <source>Attention alone does not see order. Learned: one vector per position of the window. Sinusoidal: fixed sine waves of different speeds.</source>
        <translation type="vanished">注意力本身看不到顺序。learned：窗口的每个位置学一个向量。sinusoidal：固定的、快慢不同的正弦波。</translation>
    </message>
    <message>
        <source>How text is cut into tokens. chars: every character is a token, Chinese and English alike, nothing removed. The word tokenizers write whole words, separated by spaces.</source>
        <translation>文本如何切成词元。逐字：每个字符都是一个词元，中文英文一样，什么都不删。按词的分词器写出整词，以空格分隔。</translation>
    </message>
    <message>
        <source>chars</source>
        <translation>逐字</translation>
    </message>
    <message>
        <source>Attention alone does not see order. Learned: one vector per position of the window. Sinusoidal: fixed sine waves of different speeds. Relative (Transformer-XL): a score depends on how far apart the two tokens are, not where they are; a memory needs it.</source>
        <translation>注意力本身看不到顺序。学习得到：窗口的每个位置学一个向量。正弦：固定的、快慢不同的正弦波。相对位置（Transformer-XL）：分数取决于两个词元相隔多远，而不是它们在哪里；使用记忆时必须选它。</translation>
    </message>
    <message>
        <source>relative (Transformer-XL)</source>
        <translation>相对位置（Transformer-XL）</translation>
    </message>
    <message>
        <source>Memory (M)</source>
        <translation>记忆长度 (M)</translation>
    </message>
    <message>
        <source>Transformer-XL: each layer also reads its own inputs at the previous M positions, carried from one window to the next, so the model sees further back than its window. 0: no memory. Needs relative positions.</source>
        <translation>Transformer-XL：每一层还会读取自己在前 M 个位置上的输入，这些输入从一个窗口带到下一个窗口，所以模型能看到比窗口更远的内容。0：没有记忆。要用记忆，位置须选“相对位置”。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>IMDB reviews  (%1)</source>
        <translation>IMDB 影评  (%1)</translation>
    </message>
    <message>
        <source>Download IMDB (84 MB)…</source>
        <translation>下载 IMDB (84 MB)…</translation>
    </message>
    <message>
        <source>IMDB movie reviews (the Large Movie Review Dataset, Maas et al. 2011): 50,000 reviews, 84 MB</source>
        <translation>IMDB 电影评论（Large Movie Review Dataset，Maas 等，2011）：50,000 条影评，84 MB</translation>
    </message>
    <message>
        <source>A teaching tool for attention and Transformers.</source>
        <translation>一款讲解注意力机制与 Transformer 的教学工具。</translation>
    </message>
    <message>
        <source>Preset of the Train page (tiny, classroom, book).</source>
        <translation>训练页面使用的预设（tiny、classroom、book）。</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Number of epochs on the Train page.</source>
        <translation>训练页面上的轮数。</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Start training as soon as the data is read.</source>
        <translation type="vanished">数据读取完毕后立即开始训练。</translation>
    </message>
    <message>
        <source>Show a saved model&apos;s curves on the Train page (repeatable).</source>
        <translation>在训练页面上显示已保存模型的曲线（可重复使用）。</translation>
    </message>
    <message>
        <source>dir</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Data source of the Train page (builtin, builtin:zh, a file).</source>
        <translation>训练页面的数据来源（builtin、builtin:zh 或一个文件）。</translation>
    </message>
    <message>
        <source>source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Language of this session (en, zh_CN); not remembered.</source>
        <translation>本次会话的界面语言（en、zh_CN）；不会被记住。</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Open a saved Transformer model on the Attention and Step-through pages.</source>
        <translation type="vanished">在“注意力”和“逐步演示”页面中打开一个已保存的 Transformer 模型。</translation>
    </message>
    <message>
        <source>Sentence of the Attention and Step-through pages.</source>
        <translation type="vanished">“注意力”和“逐步演示”页面使用的句子。</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Page to show first (train, attention, step, normalization, chatbot, compare, fill).</source>
        <translation type="vanished">首先显示的页面（train、attention、step、normalization、chatbot、compare、fill）。</translation>
    </message>
    <message>
        <source>Start training as soon as the data is read (the built-in data unless --data says otherwise).</source>
        <translation>读入数据后立即开始训练（使用内置数据，除非 --data 另行指定）。</translation>
    </message>
    <message>
        <source>Open a saved chatbot model on the Chatbot page.</source>
        <translation type="vanished">在“聊天机器人”页面中打开一个已保存的聊天机器人模型。</translation>
    </message>
    <message>
        <source>Sentence of the Attention, Step-through and Chatbot pages.</source>
        <translation>“注意力”“逐步演示”和“聊天机器人”页面使用的句子。</translation>
    </message>
    <message>
        <source>Page to show first (lessons, train, attention, step, normalization, chatbot, compare, fill, memory).</source>
        <translation type="vanished">首先显示的页面（lessons、train、attention、step、normalization、chatbot、compare、fill、memory）。</translation>
    </message>
    <message>
        <source>Open a lesson (its number or id) with its instrument.</source>
        <translation>打开一课（按编号或 id）及其配套工具。</translation>
    </message>
    <message>
        <source>lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Start in presentation mode (F11).</source>
        <translation>以演示模式启动 (F11)。</translation>
    </message>
    <message>
        <source>Open a GPT-2 folder on the Generate page.</source>
        <translation type="vanished">在“生成”页面打开一个 GPT-2 文件夹。</translation>
    </message>
    <message>
        <source>Page to show first (lessons, train, attention, step, normalization, chatbot, compare, fill, generate, memory).</source>
        <translation>首先显示的页面（lessons、train、attention、step、normalization、chatbot、compare、fill、generate、memory）。</translation>
    </message>
    <message>
        <source>Train every model the lessons use, in the background (File › Prepare lessons…).</source>
        <translation>在后台训练课程用到的每个模型（文件 › 准备课程…）。</translation>
    </message>
    <message>
        <source>Task of the Train page, by its train command (imdb, bigram, chatbot, mlm, lm).</source>
        <translation>训练页面的任务，按其 train 命令的名称（imdb、bigram、chatbot、mlm、lm）。</translation>
    </message>
    <message>
        <source>command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Open a saved model or a Hugging Face folder on every page that can show it, and show the first of them unless --page names another (repeatable).</source>
        <translation>在每个能显示它的页面中打开一个已保存的模型或 Hugging Face 文件夹，并显示其中第一个页面，除非 --page 指定了别的页面（可重复）。</translation>
    </message>
    <message>
        <source>As --model, opened on the Attention and Step-through pages.</source>
        <translation>同 --model，在“注意力”和“逐步演示”页面中打开。</translation>
    </message>
    <message>
        <source>As --model, opened on the Chatbot page.</source>
        <translation>同 --model，在“聊天机器人”页面中打开。</translation>
    </message>
    <message>
        <source>As --model, opened on the Generate page.</source>
        <translation>同 --model，在“生成”页面中打开。</translation>
    </message>
</context>
<context>
    <name>RunFactory</name>
    <message>
        <source>Reviews (*.tar.gz *.tgz *.csv *.tsv *.txt);;All files (*)</source>
        <translation type="vanished">影评 (*.tar.gz *.tgz *.csv *.tsv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Built-in reviews (offline)</source>
        <translation type="vanished">内置影评（离线）</translation>
    </message>
    <message>
        <source>IMDB Transformer</source>
        <translation type="vanished">IMDB Transformer</translation>
    </message>
    <message>
        <source>Classify movie reviews as positive or negative with a Transformer encoder</source>
        <translation type="vanished">用 Transformer 编码器把电影评论分为正面或负面</translation>
    </message>
    <message>
        <source>Bag-of-bigrams</source>
        <translation type="vanished">二元词袋</translation>
    </message>
    <message>
        <source>The baseline: the same reviews as a bag of words and word pairs, order forgotten</source>
        <translation type="vanished">基线模型：同样的影评，看作单词和词对组成的词袋，不考虑词序</translation>
    </message>
    <message>
        <source>Chatbot</source>
        <translation type="vanished">聊天机器人</translation>
    </message>
    <message>
        <source>A GRU encoder-decoder with additive attention that answers questions (or translates)</source>
        <translation type="vanished">带加性注意力的 GRU 编码器-解码器，用来回答问题（或翻译）</translation>
    </message>
    <message>
        <source>Built-in dialogs (offline)</source>
        <translation type="vanished">内置对话（离线）</translation>
    </message>
    <message>
        <source>Built-in English → Spanish (offline)</source>
        <translation type="vanished">内置英语 → 西班牙语（离线）</translation>
    </message>
    <message>
        <source>Dialogs: question&lt;TAB&gt;answer lines (*.txt *.tsv);;All files (*)</source>
        <translation type="vanished">对话：每行“问题&lt;TAB&gt;回答” (*.txt *.tsv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Masked language model (BERT)</source>
        <translation type="vanished">掩码语言模型（BERT）</translation>
    </message>
    <message>
        <source>Pre-train the IMDB encoder by guessing hidden words from both sides; labels are not used</source>
        <translation type="vanished">通过根据左右两侧上下文猜出被遮住的词来预训练 IMDB 编码器；不使用标签</translation>
    </message>
    <message>
        <source>L=%1</source>
        <translation>L=%1</translation>
    </message>
    <message>
        <source>D=%1</source>
        <translation>D=%1</translation>
    </message>
    <message>
        <source>%1 epochs</source>
        <translation>%1 轮</translation>
    </message>
    <message>
        <source>lr %1</source>
        <translation>学习率 %1</translation>
    </message>
    <message>
        <source>large</source>
        <translation>大型</translation>
    </message>
    <message>
        <source>long-range</source>
        <translation>长距离</translation>
    </message>
    <message>
        <source>referent-zh</source>
        <translation>中文指代</translation>
    </message>
    <message>
        <source>Built-in Chinese reviews (offline)</source>
        <translation type="vanished">内置中文影评（离线）</translation>
    </message>
    <message>
        <source>Built-in Chinese dialogs (offline)</source>
        <translation type="vanished">内置中文对话（离线）</translation>
    </message>
    <message>
        <source>Built-in Chinese → English (offline)</source>
        <translation type="vanished">内置中文 → 英语（离线）</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not an AttentionLab session: %2</source>
        <translation>%1 不是 AttentionLab 会话文件：%2</translation>
    </message>
</context>
<context>
    <name>SessionMenu</name>
    <message>
        <source>AttentionLab sessions (*.alsession);;All files (*)</source>
        <translation>AttentionLab 会话 (*.alsession);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Session saved in %1</source>
        <translation>会话已保存到 %1</translation>
    </message>
    <message>
        <source>The session is saved, without these runs, which were never saved: %1. A session names model directories; save the runs (File › Save model…), then save the session again to keep them.</source>
        <translation>会话已保存，但不含以下从未保存过的训练：%1。会话文件记录的是模型目录；请先保存这些训练（文件 › 保存模型…），再重新保存会话，才能保留它们。</translation>
    </message>
    <message>
        <source>Open session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>Session opened: %1</source>
        <translation>已打开会话：%1</translation>
    </message>
    <message>
        <source>These directories of the session are missing and were left out: %1. The rest of the session is restored.</source>
        <translation>会话中的以下目录已不存在，已跳过：%1。会话的其余部分已恢复。</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>Save sessio&amp;n…</source>
        <translation>保存会话(&amp;N)…</translation>
    </message>
    <message>
        <source>The page, the lesson, the typed sentences, the opened models and the saved runs, as one file</source>
        <translation>当前页面、课程、输入的句子、打开的模型和已保存的训练，存为一个文件</translation>
    </message>
    <message>
        <source>Open sess&amp;ion…</source>
        <translation>打开会话(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Recent sessions</source>
        <translation>最近的会话(&amp;R)</translation>
    </message>
</context>
<context>
    <name>StageTexts</name>
    <message>
        <source>Reading the data</source>
        <translation>正在读取数据</translation>
    </message>
    <message>
        <source>Reading the pre-trained encoder</source>
        <translation>正在读取预训练的编码器</translation>
    </message>
    <message>
        <source>Building the vocabulary</source>
        <translation>正在构建词表</translation>
    </message>
    <message>
        <source>Counting unigrams and bigrams</source>
        <translation>正在统计一元语法和二元语法</translation>
    </message>
    <message>
        <source>Encoding the reviews</source>
        <translation>正在编码影评</translation>
    </message>
    <message>
        <source>Preparing the pairs</source>
        <translation>正在准备问答对</translation>
    </message>
    <message>
        <source>Encoding the pairs</source>
        <translation>正在编码问答对</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>BERT reads every review once</source>
        <translation>BERT 将每条影评读一遍</translation>
    </message>
</context>
<context>
    <name>StepTexts</name>
    <message>
        <source>Encoder outputs and decoder state</source>
        <translation>编码器输出与解码器状态</translation>
    </message>
    <message>
        <source>h_j = GRU(h_{j-1}, embedding(x_j)),  s = decoder state</source>
        <translation>h_j = GRU(h_{j-1}, 嵌入(x_j)),  s = 解码器状态</translation>
    </message>
    <message>
        <source>q = s·W1 + b1</source>
        <translation>q = s·W1 + b1</translation>
    </message>
    <message>
        <source>A learned matrix W1 turns the decoder state into a vector of A attention units: what the decoder is looking for right now.</source>
        <translation>学习得到的矩阵 W1 把解码器状态变换为一个 A 维向量（A 个注意力单元），表示解码器此刻要找什么。</translation>
    </message>
    <message>
        <source>k_j = h_j·W2 + b2</source>
        <translation>k_j = h_j·W2 + b2</translation>
    </message>
    <message>
        <source>A second matrix W2 maps every encoder output into the same A units: what each question word offers. The keys do not depend on the decoder, so they are computed once per question.</source>
        <translation>另一个矩阵 W2 把每个编码器输出也映射到这 A 个单元，表示每个问题词能提供什么。键与解码器无关，每个问题只需算一次。</translation>
    </message>
    <message>
        <source>Add and squash: tanh</source>
        <translation>相加再压缩：tanh</translation>
    </message>
    <message>
        <source>t_j = tanh(q + k_j)</source>
        <translation>t_j = tanh(q + k_j)</translation>
    </message>
    <message>
        <source>Unlike dot-product attention, query and key are added and passed through tanh: a small one-layer network judges every pair. That is why it is called additive attention.</source>
        <translation>与点积注意力不同，这里把查询与键相加，再经过 tanh，相当于用一个单层小网络给每一对打分。加性注意力由此得名。</translation>
    </message>
    <message>
        <source>V: one score per question word</source>
        <translation>V：每个问题词一个分数</translation>
    </message>
    <message>
        <source>e_j = t_j·V  (+ bV)</source>
        <translation>e_j = t_j·V  (+ bV)</translation>
    </message>
    <message>
        <source>A learned vector V reads the A units of every pair and gives one number: how well question word j fits what the decoder needs now. (The bias bV would add the same number to every score, which the softmax ignores, so the layer leaves it out.)</source>
        <translation>学习得到的向量 V 把每一对的 A 个单元合成一个数：问题词 j 与解码器此刻的需要有多匹配。（偏置 bV 只会给每个分数加上同一个数，softmax 的结果不受影响，所以这一层不用它。）</translation>
    </message>
    <message>
        <source>Softmax: the alignment</source>
        <translation>Softmax：对齐</translation>
    </message>
    <message>
        <source>a_j = exp(e_j) / Σ_j&apos; exp(e_j&apos;)</source>
        <translation>a_j = exp(e_j) / Σ_j&apos; exp(e_j&apos;)</translation>
    </message>
    <message>
        <source>The scores become weights that sum to 1: where the decoder looks while writing “%1”. Stacked for every answer word, they form the alignment heatmap (answer words x question words).</source>
        <translation>分数变成和为 1 的权重，表示解码器写“%1”时看向哪里。把每个答案词的权重逐行排起来，就是对齐热力图（答案词 × 问题词）。</translation>
    </message>
    <message>
        <source>The context vector</source>
        <translation>上下文向量</translation>
    </message>
    <message>
        <source>c = Σ_j a_j·h_j</source>
        <translation>c = Σ_j a_j·h_j</translation>
    </message>
    <message>
        <source>Decoder input: the tokens so far</source>
        <translation>解码器输入：目前已有的词元</translation>
    </message>
    <message>
        <source>X = E[y_t] + P[t],  t = 0 .. n</source>
        <translation>X = E[y_t] + P[t],  t = 0 .. n</translation>
    </message>
    <message>
        <source>The decoder reads &lt;start&gt; and the %1 token(s) it has written so far, each as its embedding plus a learned position vector. From the last row it will choose token %2.</source>
        <translation>解码器读入 &lt;start&gt; 和已经写出的 %1 个词元，每个词元的表示是它的嵌入加上学习得到的位置向量。第 %2 个词元将由最后一行选出。</translation>
    </message>
    <message>
        <source>Input of decoder layer %1</source>
        <translation>解码器第 %1 层的输入</translation>
    </message>
    <message>
        <source>X = output of the layer below</source>
        <translation>X = 下面一层的输出</translation>
    </message>
    <message>
        <source>A higher layer reads what the layer below wrote for every position: the same T rows, refined.</source>
        <translation>更高一层读取下面一层在每个位置上的输出：仍是这 T 行，又加工了一遍。</translation>
    </message>
    <message>
        <source>Masked self-attention: queries, keys and values</source>
        <translation>带掩码的自注意力：查询、键和值</translation>
    </message>
    <message>
        <source>Q = X·W_q + b_q,  K = X·W_k + b_k,  V = X·W_v + b_v</source>
        <translation>Q = X·W_q + b_q,  K = X·W_k + b_k,  V = X·W_v + b_v</translation>
    </message>
    <message>
        <source>Each token written so far gets a query, a key and a value, per head, as in the encoder; queries and keys both come from the answer.</source>
        <translation>和编码器一样，已写出的每个词元在每个头里都得到一个查询、一个键和一个值；查询和键都来自答案。</translation>
    </message>
    <message>
        <source>Cross-attention: queries from the answer, keys and values from the question</source>
        <translation>交叉注意力：查询来自答案，键和值来自问题</translation>
    </message>
    <message>
        <source>Q = X1·W_q + b_q,  K = E·W_k + b_k,  V = E·W_v + b_v</source>
        <translation>Q = X1·W_q + b_q,  K = E·W_k + b_k,  V = E·W_v + b_v</translation>
    </message>
    <message>
        <source>Now the queries come from the decoder (X1, T rows) but the keys and values from the encoder&apos;s output E (S rows, one per question word): the answer asks the question.</source>
        <translation>这里查询来自解码器（X1，T 行），键和值则来自编码器的输出 E（S 行，每个问题词一行）：相当于拿答案去查问题。</translation>
    </message>
    <message>
        <source>Cross-attention scores ÷√K</source>
        <translation>交叉注意力分数 ÷√K</translation>
    </message>
    <message>
        <source>S_h = Q_h·K_hᵀ / √K   (T x S)</source>
        <translation>S_h = Q_h·K_hᵀ / √K   (T × S)</translation>
    </message>
    <message>
        <source>Every answer position is compared with every question word. No mask: the whole question is known before the first word is written.</source>
        <translation>每个答案位置都与每个问题词比较。这里不用掩码：写第一个词之前，整个问题就已全部给出。</translation>
    </message>
    <message>
        <source>Cross-attention weights</source>
        <translation>交叉注意力权重</translation>
    </message>
    <message>
        <source>A_h = softmax_rows(S_h)   (T x S)</source>
        <translation>A_h = softmax_rows(S_h)   (T × S)</translation>
    </message>
    <message>
        <source>Row t says which question words the decoder reads while at answer position t: this is the Transformer&apos;s alignment, the counterpart of the Bahdanau heatmap.</source>
        <translation>第 t 行表示解码器在答案第 t 个位置读了哪些问题词。这就是 Transformer 的对齐，对应 Bahdanau 注意力的对齐热力图。</translation>
    </message>
    <message>
        <source>Cross-attention output, residual and norm</source>
        <translation>交叉注意力输出、残差与归一化</translation>
    </message>
    <message>
        <source>X2 = norm2(X1 + [A_h·V_h]_h·W_o + b_o)</source>
        <translation>X2 = norm2(X1 + [A_h·V_h]_h·W_o + b_o)</translation>
    </message>
    <message>
        <source>Every answer position takes a blend of the question words&apos; values, is added to its own row and normalized.</source>
        <translation>每个答案位置取各问题词的值的加权混合，加到自己这一行上，再做归一化。</translation>
    </message>
    <message>
        <source>Masked self-attention output, residual and norm</source>
        <translation>带掩码的自注意力输出、残差与归一化</translation>
    </message>
    <message>
        <source>X1 = norm1(X + [A_h·V_h]_h·W_o + b_o)</source>
        <translation>X1 = norm1(X + [A_h·V_h]_h·W_o + b_o)</translation>
    </message>
    <message>
        <source>Every position blends the values of the positions it may see (itself and the ones before), the heads are mixed back to width D, added to the input and normalized.</source>
        <translation>每个位置把它能看到的位置（自己和之前的位置）的值加权混合；各头的结果再合并回维度 D，加到输入上，然后归一化。</translation>
    </message>
    <message>
        <source>Feed-forward, residual and norm</source>
        <translation>前馈、残差与归一化</translation>
    </message>
    <message>
        <source>Y = norm3(X2 + relu(X2·W1 + b1)·W2 + b2)</source>
        <translation>Y = norm3(X2 + relu(X2·W1 + b1)·W2 + b2)</translation>
    </message>
    <message>
        <source>The next token</source>
        <translation>下一个词元</translation>
    </message>
    <message>
        <source>logits = Y_last·W_out + b_out,  p = softmax(logits)</source>
        <translation>logits = Y_last·W_out + b_out,  p = softmax(logits)</translation>
    </message>
    <message>
        <source>Only the last row matters now: it is projected to one score per word of the answer vocabulary. Greedy decoding takes the most likely word, “%1”, appends it and runs the decoder again (Next token).</source>
        <translation>这时只用最后一行：把它投影到答案词表上，每个词得到一个分数。贪心解码取最可能的词“%1”，接到答案后面，再运行一次解码器（“下一个词元”）。</translation>
    </message>
    <message>
        <source>Every token becomes a row of D numbers: its embedding, looked up in a learned table. </source>
        <translation>每个词元变成一行 D 个数，即它的嵌入，从学习得到的嵌入矩阵中查出。</translation>
    </message>
    <message>
        <source>This model adds no position information: the rows of X do not depend on where a word stands, so attention alone cannot tell word order.</source>
        <translation>这个模型没有加入位置信息：X 的各行与词所在的位置无关，所以仅靠注意力无法分辨词序。</translation>
    </message>
    <message>
        <source>A learned position vector is added, so the same word at another place gives another row: that is how order can reach attention.</source>
        <translation>再加上学习得到的位置向量：同一个词在不同位置得到不同的行，词序就是这样进入注意力的。</translation>
    </message>
    <message>
        <source>A sinusoidal position vector is added, so the same word at another place gives another row: that is how order can reach attention.</source>
        <translation>再加上正弦位置向量：同一个词在不同位置得到不同的行，词序就是这样进入注意力的。</translation>
    </message>
    <message>
        <source>Embeddings (+ position)</source>
        <translation>嵌入（+ 位置）</translation>
    </message>
    <message>
        <source>X = E[token] + P[position]</source>
        <translation>X = E[词元] + P[位置]</translation>
    </message>
    <message>
        <source>Queries, keys and values</source>
        <translation>查询、键和值</translation>
    </message>
    <message>
        <source>Q = X·W_q + b_q,  K = X·W_k + b_k,  V = X·W_v + b_v;  head h uses columns hK .. hK+K-1</source>
        <translation>Q = X·W_q + b_q,  K = X·W_k + b_k,  V = X·W_v + b_v;  第 h 个头使用第 hK .. hK+K-1 列</translation>
    </message>
    <message>
        <source>Three learned projections give every token a query (what it is looking for), a key (what it offers to be found by) and a value (what it passes on when found). Each head has its own K-wide slice, so heads can look for different things.</source>
        <translation>三个学习得到的投影给每个词元一个查询（它要找什么）、一个键（凭什么被找到）和一个值（被找到时传出什么）。每个头各用其中宽为 K 的一段，所以不同的头可以找不同的东西。</translation>
    </message>
    <message>
        <source>Masked self-attention: scores Q·Kᵀ</source>
        <translation>带掩码的自注意力：分数 Q·Kᵀ</translation>
    </message>
    <message>
        <source>Scores Q·Kᵀ</source>
        <translation>分数 Q·Kᵀ</translation>
    </message>
    <message>
        <source>S_h = Q_h·K_hᵀ,   S_h(i, j) = Σ_k Q_h(i, k)·K_h(j, k)</source>
        <translation>S_h = Q_h·K_hᵀ,   S_h(i, j) = Σ_k Q_h(i, k)·K_h(j, k)</translation>
    </message>
    <message>
        <source>Every query is compared with every key by a dot product: a large score means token i finds what it is looking for in token j. Row i holds the scores of query token i against all keys.</source>
        <translation>每个查询都与每个键做点积。分数大，说明词元 i 在词元 j 那里找到了要找的东西。第 i 行是词元 i 的查询与所有键的分数。</translation>
    </message>
    <message>
        <source>Divide by √K (switched off)</source>
        <translation>除以 √K（已关闭）</translation>
    </message>
    <message>
        <source>S_h (not divided)</source>
        <translation>S_h（未除以 √K）</translation>
    </message>
    <message>
        <source>The switch is off: the scores go to the softmax as they are; compare the row entropy and the largest weight in the softmax step.</source>
        <translation>开关已关闭：分数原样送入 softmax；请在 softmax 那一步比较各行的熵和最大权重。</translation>
    </message>
    <message>
        <source>Divide by √K</source>
        <translation>除以 √K</translation>
    </message>
    <message>
        <source>S_h / √K,   √K = %1</source>
        <translation>S_h / √K,   √K = %1</translation>
    </message>
    <message>
        <source>Padding mask: a batch pads short sentences to a common length, and the padding must not be attended to. Scores in the padding columns become −∞, so their weight after softmax is exactly 0. (The padding rows still get weights here; nothing downstream reads them.)</source>
        <translation>填充掩码：一个批次要把短句子填充到同样长度，填充部分不能被关注。填充列的分数变为 −∞，softmax 之后权重恰好为 0。（填充行在这里仍有权重，但后面的计算不会用到它们。）</translation>
    </message>
    <message>
        <source>No mask: every token may look at every other token and at itself, as in the classifier&apos;s encoder. A mask would set some scores to −∞ before the softmax, which makes their weights exactly 0.</source>
        <translation>无掩码：每个词元都能看到所有词元，包括它自己，分类器的编码器就是这样。掩码的作用是在 softmax 之前把某些分数设为 −∞，使它们的权重恰好为 0。</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>M(i, j) = S(i, j) where allowed, −∞ where not</source>
        <translation>M(i, j) = S(i, j)（允许处），−∞（不允许处）</translation>
    </message>
    <message>
        <source>Above the diagonal every weight is exactly 0: no position reads a later one.</source>
        <translation>对角线以上的权重全都恰好为 0：没有哪个位置会读取它之后的位置。</translation>
    </message>
    <message>
        <source>Mean row entropy with ÷√K: %1; without: %2 (uniform: %3). Without the division the weights are more peaked: a few keys take almost everything.</source>
        <translation>除以 √K 时各行熵的平均值：%1；不除时：%2（均匀分布：%3）。不做除法时，权重更加集中：少数几个键几乎占去了全部。</translation>
    </message>
    <message>
        <source>Softmax by rows</source>
        <translation>按行 Softmax</translation>
    </message>
    <message>
        <source>A_h(i, j) = exp(M(i, j)) / Σ_j&apos; exp(M(i, j&apos;))</source>
        <translation>A_h(i, j) = exp(M(i, j)) / Σ_j&apos; exp(M(i, j&apos;))</translation>
    </message>
    <message>
        <source>Weights × V</source>
        <translation>权重 × V</translation>
    </message>
    <message>
        <source>Z_h = A_h·V_h,   Z_h(i) = Σ_j A_h(i, j)·V_h(j)</source>
        <translation>Z_h = A_h·V_h,   Z_h(i) = Σ_j A_h(i, j)·V_h(j)</translation>
    </message>
    <message>
        <source>Every token collects the values of the tokens it looks at, in the proportions of its weights. This is where information moves between words: the new row of a token is a blend of the others.</source>
        <translation>每个词元按自己的权重，把它关注的词元的值加权求和。信息就在这一步在词与词之间传递：一个词元的新行是其他词元的值的混合。</translation>
    </message>
    <message>
        <source>Concatenate heads and project</source>
        <translation>拼接各头并投影</translation>
    </message>
    <message>
        <source>Y = [Z_1 … Z_H]·W_o + b_o</source>
        <translation>Y = [Z_1 … Z_H]·W_o + b_o</translation>
    </message>
    <message>
        <source>The heads&apos; results are put side by side (H·K columns) and one more learned projection mixes them back to the model width D. This Y is the output of the attention layer.</source>
        <translation>把各个头的结果并排拼在一起（H·K 列），再用一个学习得到的投影把它们混合回模型维度 D。这个 Y 就是注意力层的输出。</translation>
    </message>
    <message>
        <source>Residual and layer norm</source>
        <translation>残差与层归一化</translation>
    </message>
    <message>
        <source>Residual and batch norm</source>
        <translation>残差与批归一化</translation>
    </message>
    <message>
        <source>X1 = norm(X + Y)</source>
        <translation>X1 = norm(X + Y)</translation>
    </message>
    <message>
        <source>The attention output is added to the input (a residual connection: the layer only has to learn a correction, and gradients have a short path back). </source>
        <translation>把注意力的输出加到输入上（残差连接：这一层只需学习一个修正量，梯度也有一条很短的回传路径）。 </translation>
    </message>
    <message>
        <source>Layer norm then rescales every token&apos;s row to mean 0 and variance 1, times a learned gamma plus beta.</source>
        <translation>然后层归一化把每个词元的那一行缩放到均值为 0、方差为 1，再乘以学习得到的 gamma、加上 beta。</translation>
    </message>
    <message>
        <source>Batch norm then rescales every feature with its mean and variance over the batch in training (at inference, with the moving averages gathered in training), times a learned gamma plus beta.</source>
        <translation>然后批归一化对每个特征做标准化：训练时用本批次的均值和方差，推理时用训练中累积的滑动平均；再乘以学习得到的 gamma、加上 beta。</translation>
    </message>
    <message>
        <source>Residual and layer norm again</source>
        <translation>再做一次残差与层归一化</translation>
    </message>
    <message>
        <source>Residual and batch norm again</source>
        <translation>再做一次残差与批归一化</translation>
    </message>
    <message>
        <source>out = norm(X1 + F)</source>
        <translation>out = norm(X1 + F)</translation>
    </message>
    <message>
        <source>The same residual and normalization close the layer. The result has the shape of the input, T x D, so layers can be stacked; the classifier then pools it over the tokens and decides.</source>
        <translation>这一层最后同样是残差和归一化。结果的形状与输入相同（T × D），所以各层可以堆叠；分类器随后在词元上做汇聚，再给出判断。</translation>
    </message>
    <message>
        <source>Feed-forward</source>
        <translation>前馈</translation>
    </message>
    <message>
        <source>F = relu(X1·W1 + b1)·W2 + b2</source>
        <translation>F = relu(X1·W1 + b1)·W2 + b2</translation>
    </message>
    <message>
        <source>Q, head %1</source>
        <translation>Q，第 %1 个头</translation>
    </message>
    <message>
        <source>K, head %1</source>
        <translation>K，第 %1 个头</translation>
    </message>
    <message>
        <source>V, head %1</source>
        <translation>V，第 %1 个头</translation>
    </message>
    <message>
        <source>scores, head %1</source>
        <translation>分数，第 %1 个头</translation>
    </message>
    <message>
        <source>scaled scores, head %1</source>
        <translation>缩放后的分数，第 %1 个头</translation>
    </message>
    <message>
        <source>masked scores, head %1</source>
        <translation>掩码后的分数，第 %1 个头</translation>
    </message>
    <message>
        <source>weights A, head %1</source>
        <translation>权重 A，第 %1 个头</translation>
    </message>
    <message>
        <source>row sharpness, head %1</source>
        <translation>各行尖锐程度，第 %1 个头</translation>
    </message>
    <message>
        <source>A·V, head %1</source>
        <translation>A·V，第 %1 个头</translation>
    </message>
    <message>
        <source>token embedding E</source>
        <translation>词元嵌入 E</translation>
    </message>
    <message>
        <source>position P</source>
        <translation>位置 P</translation>
    </message>
    <message>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <source>allowed (1 = may look)</source>
        <translation>是否允许（1 = 可以看）</translation>
    </message>
    <message>
        <source>concatenated heads Z</source>
        <translation>拼接后的各头 Z</translation>
    </message>
    <message>
        <source>attention output Y</source>
        <translation>注意力输出 Y</translation>
    </message>
    <message>
        <source>X + Y</source>
        <translation>X + Y</translation>
    </message>
    <message>
        <source>hidden relu(X1·W1 + b1)</source>
        <translation>隐藏层 relu(X1·W1 + b1)</translation>
    </message>
    <message>
        <source>feed-forward output F</source>
        <translation>前馈输出 F</translation>
    </message>
    <message>
        <source>X1 + F</source>
        <translation>X1 + F</translation>
    </message>
    <message>
        <source>layer output</source>
        <translation>层输出</translation>
    </message>
    <message>
        <source>encoder outputs h</source>
        <translation>编码器输出 h</translation>
    </message>
    <message>
        <source>decoder state s</source>
        <translation>解码器状态 s</translation>
    </message>
    <message>
        <source>k = h·W2 + b2</source>
        <translation>k = h·W2 + b2</translation>
    </message>
    <message>
        <source>t = tanh(q + k_j)</source>
        <translation>t = tanh(q + k_j)</translation>
    </message>
    <message>
        <source>scores e</source>
        <translation>分数 e</translation>
    </message>
    <message>
        <source>weights a</source>
        <translation>权重 a</translation>
    </message>
    <message>
        <source>alignment of the whole answer</source>
        <translation>整个答案的对齐</translation>
    </message>
    <message>
        <source>a_j·h_j</source>
        <translation>a_j·h_j</translation>
    </message>
    <message>
        <source>context c</source>
        <translation>上下文向量 c</translation>
    </message>
    <message>
        <source>encoder output E (the question)</source>
        <translation>编码器输出 E（问题）</translation>
    </message>
    <message>
        <source>X1 = norm1(X + self-attention)</source>
        <translation>X1 = norm1(X + 自注意力)</translation>
    </message>
    <message>
        <source>X2 = norm2(X1 + cross-attention)</source>
        <translation>X2 = norm2(X1 + 交叉注意力)</translation>
    </message>
    <message>
        <source>most likely next tokens</source>
        <translation>最可能的下一个词元</translation>
    </message>
    <message>
        <source>entropy ÷√K</source>
        <translation>熵 ÷√K</translation>
    </message>
    <message>
        <source>largest ÷√K</source>
        <translation>最大值 ÷√K</translation>
    </message>
    <message>
        <source>entropy unscaled</source>
        <translation>熵（未缩放）</translation>
    </message>
    <message>
        <source>largest unscaled</source>
        <translation>最大值（未缩放）</translation>
    </message>
    <message>
        <source>scores, not divided by √K, head %1</source>
        <translation>未除以 √K 的分数，第 %1 个头</translation>
    </message>
    <message>
        <source>Here F &gt; D: the block widens each row.</source>
        <translation>此处 F &gt; D：这个模块把每一行扩展到更高的维度。</translation>
    </message>
    <message>
        <source>Here F &lt; D: the block narrows each row.</source>
        <translation>此处 F &lt; D：这个模块把每一行压缩到更低的维度。</translation>
    </message>
    <message>
        <source>Here F = D: each row keeps its width.</source>
        <translation>此处 F = D：每一行的维度保持不变。</translation>
    </message>
    <message>
        <source>The encoder GRU read the question word by word, in one direction; its state after word j is h_j, a summary of the question up to there, and its last state was the decoder&apos;s first. The decoder is about to write answer word %1 (“%2”); its state s holds what it has written so far.</source>
        <translation>编码器 GRU 按一个方向逐词读入问题。读完第 j 个词后的状态是 h_j，概括了问题到这里为止的内容；它的最后状态就是解码器的初始状态。解码器即将写出第 %1 个答案词（“%2”），它的状态 s 记录了已经写出的内容。</translation>
    </message>
    <message>
        <source>s·W1: the state as a query</source>
        <translation>s·W1：把状态当作查询</translation>
    </message>
    <message>
        <source>h·W2: every encoder output as a key</source>
        <translation>h·W2：把每个编码器输出当作键</translation>
    </message>
    <message>
        <source>The encoder outputs are averaged with the alignment weights: the context is mostly made of the words the decoder looks at. With the previous answer word it feeds the decoder GRU, which then predicts the next word. Every answer word scores every question word anew, so each step costs more the longer the question is.</source>
        <translation>用对齐权重对编码器输出求加权平均，所以上下文向量主要来自解码器关注的那些词。它和上一个答案词一起输入解码器 GRU，GRU 再预测下一个词。每写一个答案词，都要给每个问题词重新打分，所以问题越长，每一步的计算量越大。</translation>
    </message>
    <message>
        <source>The same two-layer network on every position on its own (D = %1, F = %2); its output is the layer&apos;s output. </source>
        <translation>同一个两层网络分别作用于每个位置（D = %1，F = %2）；它的输出就是这一层的输出。 </translation>
    </message>
    <message>
        <source>If the K components of a query and of a key are independent, each with mean 0 and variance 1, their dot product has mean 0 and variance K: its spread grows as √K. Dividing by √K (%1) brings the scores back to unit scale, so the softmax is not saturated and still learns. The article&apos;s example: with d_k = 64, the scores of “Action gets results” are divided by √64 = 8. </source>
        <translation>如果查询和键的 K 个分量相互独立，均值都为 0、方差都为 1，那么它们的点积均值为 0、方差为 K，离散程度随 √K 增长。除以 √K（%1），分数就回到 1 左右的量级，softmax 不会饱和，模型仍能学习。文章中的例子：d_k = 64，“Action gets results” 的各个分数都除以 √64 = 8。</translation>
    </message>
    <message>
        <source>Causal mask: token i may look at tokens 0..i only, as in a decoder that writes one word at a time and must not peek at the words it has not written yet. Scores above the diagonal become −∞, so their softmax weight is exactly 0.</source>
        <translation>因果掩码：词元 i 只能看词元 0..i，就像解码器一次写一个词，不能偷看它还没写出的词。对角线以上的分数变成 −∞，所以它们经过 softmax 后的权重恰好为 0。</translation>
    </message>
    <message>
        <source>Each row of scores becomes weights between 0 and 1 that sum to 1: how much token i looks at each token j. A larger score gets an exponentially larger share; a −∞ score gets 0. </source>
        <translation>每一行分数变成一组 0 到 1 之间、和为 1 的权重，表示词元 i 对各个词元 j 的关注程度。分数越大，份额按指数增大；分数为 −∞ 的，权重为 0。</translation>
    </message>
    <message>
        <source>A small two-layer network is applied to every token on its own (no token sees another here): the first layer turns each row of D = %1 numbers into F = %2, relu keeps the positive parts, and the second projects back to D. </source>
        <translation>一个两层的小网络分别作用于每个词元（这里词元之间互不可见）：第一层把每一行的 D = %1 个数变成 F = %2 个，relu 只保留正的部分，第二层再投影回 D 维。 </translation>
    </message>
    <message>
        <source> The paper widens (d_ff = 2048 = 4 × d_model = 512); the book&apos;s encoder narrows (dense_dim = 32 against embed_dim = 256).</source>
        <translation> 论文中是扩展（d_ff = 2048 = 4 × d_model = 512）；书中的编码器则是压缩（dense_dim = 32，而 embed_dim = 256）。</translation>
    </message>
    <message numerus="yes">
        <source>The model reads the text&apos;s %n token(s), each as a row of D numbers looked up in a learned table.</source>
        <translation>
            <numerusform>模型读入文本的 %n 个词元，每个词元是从学习得到的嵌入矩阵中查出的一行 D 个数。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model reads the last %n token(s) of the text, each as a row of D numbers looked up in a learned table.</source>
        <translation>
            <numerusform>模型读入文本的最后 %n 个词元，每个词元是从学习得到的嵌入矩阵中查出的一行 D 个数。</numerusform>
        </translation>
    </message>
    <message>
        <source>With a memory, that is the last segment of a text read segment after segment from its start.</source>
        <translation>有记忆时，文本从头起一个片段接一个片段地读，这里是最后一个片段。</translation>
    </message>
    <message>
        <source>That is its window: it never saw a longer text.</source>
        <translation>这就是它的窗口，更长的文本它从未见过。</translation>
    </message>
    <message>
        <source>The text so far: embeddings</source>
        <translation>目前的文本：嵌入</translation>
    </message>
    <message>
        <source>X = E[token]   (no position added)</source>
        <translation>X = E[词元]   （不加位置）</translation>
    </message>
    <message>
        <source>No position vector is added: this model (Transformer-XL) learns where a token stands only from how far back it lies, inside the attention scores.</source>
        <translation>这里不加位置向量：这个模型（Transformer-XL）只在注意力分数里得知位置，而且只知道一个词元在前面多远。</translation>
    </message>
    <message>
        <source>X = E[token] + PE[position]</source>
        <translation>X = E[词元] + PE[位置]</translation>
    </message>
    <message>
        <source>A learned position vector is added to every row.</source>
        <translation>每一行加上学习得到的位置向量。</translation>
    </message>
    <message>
        <source>A sinusoidal position vector is added to every row.</source>
        <translation>每一行加上正弦位置向量。</translation>
    </message>
    <message>
        <source>Transformer-XL&apos;s memory of the earlier text</source>
        <translation>Transformer-XL 对前文的记忆</translation>
    </message>
    <message numerus="yes">
        <source>m = this layer&apos;s inputs at the %n token(s) before the segment</source>
        <translation>
            <numerusform>m = 本层在本片段之前 %n 个词元处的输入</numerusform>
        </translation>
    </message>
    <message>
        <source>The text is read in segments of %1 tokens. When a segment ends, every layer keeps its inputs at the last %2 positions: the next segment&apos;s keys and values include them, so a token can look back past the segment&apos;s edge, and a higher layer further still. The memory is a constant of the segment: in training no gradient flows into it.</source>
        <translation>文本按片段读取，每个片段 %1 个词元。一个片段读完，每一层都保留自己在最后 %2 个位置上的输入；下一个片段的键和值也包括这些输入，所以词元能越过片段边界往前看，层越高看得越远。对本片段而言，记忆是常量：训练时梯度不会流入记忆。</translation>
    </message>
    <message>
        <source>Every token of the text gets a query, a key and a value, per head; queries and keys both come from the text. This is the decoder of the encoder-decoder Transformer without its cross-attention: a GPT has no question to read, only the text so far.</source>
        <translation>文本中的每个词元在每个头里都得到一个查询、一个键和一个值，查询和键都来自文本。这相当于编码器-解码器 Transformer 的解码器去掉了交叉注意力：GPT 没有要读的问题，只有目前为止的文本。</translation>
    </message>
    <message>
        <source>Queries from the segment, keys and values from memory and segment</source>
        <translation>查询来自本片段，键和值来自记忆和本片段</translation>
    </message>
    <message>
        <source>Q = X·W_q + b_q,  K = [m ; X]·W_k + b_k,  V = [m ; X]·W_v + b_v</source>
        <translation>Q = X·W_q + b_q,  K = [m ; X]·W_k + b_k,  V = [m ; X]·W_v + b_v</translation>
    </message>
    <message>
        <source>The queries are the segment&apos;s tokens. Keys and values are made for the memory&apos;s rows too, listed first, so that every token can find the earlier text. Where a key stands is not in X: it enters the scores in the next step.</source>
        <translation>查询只来自本片段的词元。记忆的各行也生成键和值，排在最前面，这样每个词元都能找到前文。X 中不含键的位置，位置在下一步才进入分数。</translation>
    </message>
    <message>
        <source>Scores: content plus relative position</source>
        <translation>分数：内容加相对位置</translation>
    </message>
    <message>
        <source>S_h[t, j] = ((Q_h[t] + u_h)·K_h[j] + (Q_h[t] + v_h)·R_h[M&apos;+t−j]) / √K,   √K = %1</source>
        <translation>S_h[t, j] = ((Q_h[t] + u_h)·K_h[j] + (Q_h[t] + v_h)·R_h[M&apos;+t−j]) / √K,   √K = %1</translation>
    </message>
    <message>
        <source>Each score has two terms, both already divided by √K. The content term compares the query with what key j holds; the learned bias u_h prefers some contents whatever the query. The position term depends only on how far back key j lies, d = M&apos;+t−j (the memory&apos;s M&apos; rows come first, so query t stands at row M&apos;+t): R_h[d] is the sine waves of distance d through a learned matrix, and the learned bias v_h prefers some distances. Since only distances count, the same weights read the memory and every segment alike.</source>
        <translation>每个分数由两项组成，都已除以 √K。内容项比较查询与键 j 的内容；学习得到的偏置 u_h 不论查询是什么，都偏好某些内容。位置项只取决于键 j 在前面多远，即 d = M&apos;+t−j（记忆的 M&apos; 行排在前面，所以查询 t 在第 M&apos;+t 行）：R_h[d] 是距离 d 的正弦编码乘以一个学习得到的矩阵，学习得到的偏置 v_h 偏好某些距离。由于只有距离起作用，读记忆和读每个片段用的是同一组权重。</translation>
    </message>
    <message>
        <source>M(t, j) = S(t, j) where j ≤ M&apos; + t, −∞ where not</source>
        <translation>M(t, j) = S(t, j)（j ≤ M&apos; + t 时），否则为 −∞</translation>
    </message>
    <message numerus="yes">
        <source>Every token may read all %n memory row(s) and the segment&apos;s tokens up to itself; later tokens get −∞, so their weight after softmax is exactly 0.</source>
        <translation>
            <numerusform>每个词元可以读取全部 %n 行记忆，以及本片段中到它自己为止的词元；后面的词元得到 −∞，所以 softmax 之后它们的权重恰好为 0。</numerusform>
        </translation>
    </message>
    <message>
        <source>A_h(t, j) = exp(M(t, j)) / Σ_j&apos; exp(M(t, j&apos;))</source>
        <translation>A_h(t, j) = exp(M(t, j)) / Σ_j&apos; exp(M(t, j&apos;))</translation>
    </message>
    <message>
        <source>Each row becomes weights that sum to 1 over the memory and the tokens so far. The memory&apos;s columns come first: weight there is what the memory buys, text the window alone could not see.</source>
        <translation>每一行变成一组权重，分布在记忆和目前的词元上，总和为 1。记忆的列排在前面：落在那里的权重是记忆带来的，读的是单靠窗口看不到的文本。</translation>
    </message>
    <message>
        <source>Every token blends the values of the tokens it may see (itself and the ones before), the heads are mixed back to width D, added to the input and normalized.</source>
        <translation>每个词元把它能看到的词元（自己和前面的词元）的值加权混合；各头的结果合并回维度 D，加到输入上，再归一化。</translation>
    </message>
    <message>
        <source>Y = norm2(X1 + relu(X1·W1 + b1)·W2 + b2)</source>
        <translation>Y = norm2(X1 + relu(X1·W1 + b1)·W2 + b2)</translation>
    </message>
    <message>
        <source>The same two-layer network on every token on its own (D = %1, F = %2); its output is the layer&apos;s output. </source>
        <translation>同一个两层网络分别作用于每个词元（D = %1，F = %2）；它的输出就是这一层的输出。</translation>
    </message>
    <message>
        <source>Only the last row matters now: it is projected to one score per token of the vocabulary. The most likely token, “%1”, is what greedy generation writes; Next token appends it to the text and walks again. (The Generate page can sample instead, with temperature, top-k and top-p.)</source>
        <translation>这时只用最后一行：把它投影到词表上，每个词元得到一个分数。贪心生成会写出最可能的词元“%1”；按“下一个词元”，就把它接到文本后面，再演示一遍。（“生成”页也可以改用温度、top-k 和 top-p 采样。）</translation>
    </message>
    <message>
        <source>content term, head %1</source>
        <translation>内容项，第 %1 个头</translation>
    </message>
    <message>
        <source>position term, head %1</source>
        <translation>位置项，第 %1 个头</translation>
    </message>
    <message>
        <source>memory m: this layer&apos;s earlier inputs</source>
        <translation>记忆 m：本层之前的输入</translation>
    </message>
    <message>
        <source>BERT&apos;s embeddings, then LayerNorm</source>
        <translation>BERT 的嵌入，再做层归一化</translation>
    </message>
    <message>
        <source>x_0 = LN_e(word[ids] + position[0..T-1] + token_type[0])</source>
        <translation>x_0 = LN_e(word[ids] + position[0..T-1] + token_type[0])</translation>
    </message>
    <message numerus="yes">
        <source>BERT reads [CLS] text [SEP]: %n piece(s) of its WordPiece vocabulary. Each piece&apos;s row of the word table, a learned position vector and the vector of segment A (token type 0: one sentence here) are summed, and a layer norm rescales every row to mean 0 and variance 1, times a learned gamma plus beta. Even the first layer&apos;s input is normalized: BERT puts a norm after every sum.</source>
        <translation>
            <numerusform>BERT 读入 [CLS] 文本 [SEP]，共 %n 个 WordPiece 子词。每个子词在词嵌入矩阵中的那一行、学习得到的位置向量和句段 A 的向量（句段类型 0：这里只有一个句子）三者相加，再由层归一化把每一行缩放到均值 0、方差 1，乘以学习得到的 gamma、加上 beta。所以连第一层的输入也是归一化的：BERT 每次相加之后都做归一化。</numerusform>
        </translation>
    </message>
    <message>
        <source>GPT-2&apos;s embeddings: wte + wpe</source>
        <translation>GPT-2 的嵌入：wte + wpe</translation>
    </message>
    <message>
        <source>x_0 = wte[ids] + wpe[0..T-1]</source>
        <translation>x_0 = wte[ids] + wpe[0..T-1]</translation>
    </message>
    <message numerus="yes">
        <source>GPT-2 reads the prompt as %n piece(s) of its byte-level BPE vocabulary (a piece can be a whole word with the space before it, or part of a word). Each piece&apos;s row of the token table wte plus a learned position vector wpe, and no norm: in a pre-norm model the residual stream x itself is never normalized; each block reads a normalized copy.</source>
        <translation>
            <numerusform>GPT-2 把提示切成 %n 个字节级 BPE 子词（一个子词可以是带着前面空格的整个词，也可以是词的一部分）。每个子词在词元嵌入矩阵 wte 中的那一行，加上学习得到的位置向量 wpe，不做归一化。在前置归一化模型中，残差流 x 本身从不归一化，每个模块读的是它归一化后的副本。</numerusform>
        </translation>
    </message>
    <message>
        <source>Input of layer %1</source>
        <translation>第 %1 层的输入</translation>
    </message>
    <message>
        <source>x = output of layer %1</source>
        <translation>x = 第 %1 层的输出</translation>
    </message>
    <message>
        <source>This layer reads the residual stream as the layers below left it: the embeddings plus every earlier block&apos;s output, a plain sum that no norm has touched (pre-norm). Its numbers can grow from layer to layer; only the copy each block reads is normalized.</source>
        <translation>这一层读入下面各层留下的残差流：嵌入加上之前每个模块的输出，是一个从未归一化的简单求和（前置归一化）。它的数值可能一层比一层大；归一化的只是每个模块读取的副本。</translation>
    </message>
    <message>
        <source>This layer reads the previous layer&apos;s output, the same T rows refined. It is already normalized: every BERT layer ends with a layer norm (post-norm).</source>
        <translation>这一层读取上一层的输出：同样的 T 行，经过了进一步加工。它已经是归一化的：BERT 的每一层都以一次层归一化结束（后置归一化）。</translation>
    </message>
    <message>
        <source>Pre-norm: LN_1 before attention</source>
        <translation>前置归一化：注意力之前的 LN_1</translation>
    </message>
    <message>
        <source>z = LN_1(x)</source>
        <translation>z = LN_1(x)</translation>
    </message>
    <message>
        <source>GPT-2 normalizes before the block: every row of x is rescaled to mean 0 and variance 1, times a learned gamma plus beta, and only this copy z goes into attention. x itself stays as it is: the residual path from the embeddings to the last layer is a plain sum. BERT and the original Transformer do it the other way round, a norm after each sum (post-norm); pre-norm trains deep stacks more stably.</source>
        <translation>GPT-2 在模块之前做归一化：把 x 的每一行缩放到均值 0、方差 1，乘以学习得到的 gamma、加上 beta，只有这份副本 z 进入注意力。x 本身不变：从嵌入到最后一层，残差通路是一个简单求和。BERT 和原始 Transformer 正好相反，每次相加之后才归一化（后置归一化）。层数很多时，前置归一化训练起来更稳定。</translation>
    </message>
    <message>
        <source>Pre-norm: LN_2 before the MLP</source>
        <translation>前置归一化：MLP 之前的 LN_2</translation>
    </message>
    <message>
        <source>LN_2(x&apos;),   x&apos; = x + attention output</source>
        <translation>LN_2(x&apos;),   x&apos; = x + 注意力输出</translation>
    </message>
    <message>
        <source>Again the norm comes first: the feed-forward block (the MLP) reads a normalized copy of x&apos;, and its output will be added to x&apos; itself, not to the copy. The residual stream keeps flowing past every norm.</source>
        <translation>归一化还是放在前面：前馈模块（MLP）读取 x&apos; 归一化后的副本，输出加到 x&apos; 本身上，而不是加到副本上。残差流绕过每一次归一化，一直向前。</translation>
    </message>
    <message>
        <source>Post-norm: residual, then LN_1</source>
        <translation>后置归一化：残差，然后 LN_1</translation>
    </message>
    <message>
        <source>y = LN_1(x + a)</source>
        <translation>y = LN_1(x + a)</translation>
    </message>
    <message>
        <source>The attention output a is added to the layer&apos;s input x (the residual), then layer norm rescales each row to mean 0 and variance 1, times a learned gamma plus beta. This is post-norm, as in the original Transformer and the app&apos;s own models: the norm sits on the residual path, so what goes on is always normalized. GPT-2 does it the other way round (pre-norm).</source>
        <translation>注意力输出 a 加到这一层的输入 x 上（残差），然后层归一化把每一行缩放到均值 0、方差 1，乘以学习得到的 gamma、加上 beta。这就是后置归一化，原始 Transformer 和本应用自己的模型都这样做：归一化就在残差通路上，所以往下传的总是归一化后的结果。GPT-2 正好相反（前置归一化）。</translation>
    </message>
    <message>
        <source>Post-norm: residual, then LN_2</source>
        <translation>后置归一化：残差，然后 LN_2</translation>
    </message>
    <message>
        <source>x_{l+1} = LN_2(y + h·W_2 + b_2)</source>
        <translation>x_{l+1} = LN_2(y + h·W_2 + b_2)</translation>
    </message>
    <message>
        <source>The feed-forward output is added to y and normalized once more: this is the layer&apos;s output, what the next layer reads. Every BERT layer ends with a norm, so no layer&apos;s output grows unchecked and none needs a final norm.</source>
        <translation>前馈输出加到 y 上，再归一化一次，得到这一层的输出，也就是下一层的输入。BERT 的每一层都以归一化结束，所以各层的输出不会越来越大，最后也不需要再归一化。</translation>
    </message>
    <message>
        <source> GELU rather than ReLU: it is smooth and lets small negative values through a little, and BERT and GPT-2 were trained with it.</source>
        <translation> 这里用 GELU 而不是 ReLU：它是平滑的，还让较小的负值通过一点；BERT 和 GPT-2 训练时用的就是它。</translation>
    </message>
    <message>
        <source>The first dense layer widens each row to F = %1 numbers; GELU then weighs each number u by the chance that a standard normal variable is below it: large positive values pass, large negative ones become 0, and near 0 it bends smoothly.</source>
        <translation>第一个全连接层把每一行扩展到 F = %1 个数；GELU 再把每个数 u 乘以“标准正态变量小于 u”的概率：大的正值基本不变，大的负值变为 0，0 附近是一条平滑的曲线。</translation>
    </message>
    <message>
        <source>GELU (the tanh form)</source>
        <translation>GELU（tanh 形式）</translation>
    </message>
    <message>
        <source>h = 0.5·u·(1 + tanh(√(2/π)·(u + 0.044715·u³))),   u = LN_2(x&apos;)·W_fc + b_fc</source>
        <translation>h = 0.5·u·(1 + tanh(√(2/π)·(u + 0.044715·u³))),   u = LN_2(x&apos;)·W_fc + b_fc</translation>
    </message>
    <message>
        <source> GPT-2 uses the tanh approximation of that curve (gelu_new), which differs from the erf form by less than 0.001.</source>
        <translation> GPT-2 使用这条曲线的 tanh 近似（gelu_new），它与 erf 形式的差别小于 0.001。</translation>
    </message>
    <message>
        <source>GELU (the erf form)</source>
        <translation>GELU（erf 形式）</translation>
    </message>
    <message>
        <source>h = gelu(u) = 0.5·u·(1 + erf(u/√2)),   u = y·W_i + b_i</source>
        <translation>h = gelu(u) = 0.5·u·(1 + erf(u/√2)),   u = y·W_i + b_i</translation>
    </message>
    <message>
        <source>Weights × V, c_proj, and the residual</source>
        <translation>权重 × V、c_proj 与残差</translation>
    </message>
    <message>
        <source>x&apos; = x + concat_h(A_h·V_h)·W_o + b_o</source>
        <translation>x&apos; = x + concat_h(A_h·V_h)·W_o + b_o</translation>
    </message>
    <message>
        <source>Every token collects the values of the tokens it may see; the heads are put side by side and c_proj mixes them back to width D. The result is added to x, the input before LN_1 (not to z), and no norm follows: x&apos; is still a plain sum.</source>
        <translation>每个词元汇集它能看到的词元的值；各头的结果并排拼接，由 c_proj 合并回维度 D。结果加到 x（LN_1 之前的输入，而不是 z）上，之后不做归一化：x&apos; 仍是一个简单求和。</translation>
    </message>
    <message>
        <source>Weights × V, heads mixed back</source>
        <translation>权重 × V，再合并各头</translation>
    </message>
    <message>
        <source>a = concat_h(A_h·V_h)·W_o + b_o</source>
        <translation>a = concat_h(A_h·V_h)·W_o + b_o</translation>
    </message>
    <message>
        <source>Every token collects the values of the tokens it looks at, in the proportions of its weights; the heads are put side by side (H·K = D columns) and one dense layer (attention.output.dense) mixes them back to width D. The residual and the norm come in the next step.</source>
        <translation>每个词元按自己的权重，把它关注的词元的值加权求和；各头的结果并排拼接（H·K = D 列），由一个全连接层（attention.output.dense）合并回维度 D。残差和归一化在下一步。</translation>
    </message>
    <message>
        <source>The second dense layer brings the F = %1 numbers of every token back to D = %2, each token on its own.</source>
        <translation>第二个全连接层把每个词元的 F = %1 个数变回 D = %2 个，每个词元单独处理。</translation>
    </message>
    <message>
        <source>Feed-forward output and the residual</source>
        <translation>前馈输出与残差</translation>
    </message>
    <message>
        <source>x_{l+1} = x&apos; + h·W_proj + b_proj</source>
        <translation>x_{l+1} = x&apos; + h·W_proj + b_proj</translation>
    </message>
    <message>
        <source> It is added to x&apos; with no norm after: the layer&apos;s output is the residual stream, still a plain sum of everything the layers wrote.</source>
        <translation> 它加到 x&apos; 上，之后不做归一化：这一层的输出就是残差流，仍是各层写下的所有内容的简单求和。</translation>
    </message>
    <message>
        <source>Feed-forward output</source>
        <translation>前馈输出</translation>
    </message>
    <message>
        <source>f = h·W_2 + b_2</source>
        <translation>f = h·W_2 + b_2</translation>
    </message>
    <message>
        <source> The residual and the layer&apos;s last norm, LN_2, follow.</source>
        <translation> 接下来是残差和这一层的最后一次归一化 LN_2。</translation>
    </message>
    <message>
        <source>The final norm LN_f</source>
        <translation>最终归一化 LN_f</translation>
    </message>
    <message>
        <source>LN_f(x_L)</source>
        <translation>LN_f(x_L)</translation>
    </message>
    <message>
        <source>In a pre-norm model no block normalizes what it passes on, so the stream after the last layer has never been normalized itself. GPT-2 adds one last layer norm, ln_f, before reading the next token from it. BERT needs none: its last layer already ended with LN_2.</source>
        <translation>在前置归一化模型中，模块都不对往下传的内容做归一化，所以最后一层之后的残差流从未归一化过。GPT-2 因此在读出下一个词元之前再做一次层归一化 ln_f。BERT 不需要：它的最后一层已经以 LN_2 结束。</translation>
    </message>
    <message>
        <source>p = softmax(LN_f(x_L)·wteᵀ),   last row</source>
        <translation>p = softmax(LN_f(x_L)·wteᵀ),   最后一行</translation>
    </message>
    <message>
        <source>Only the last row matters: it is compared with every row of the token table wte (the input&apos;s own table, shared), one score per piece of the vocabulary, and softmax makes them probabilities. The most likely piece, “%1”, is what greedy generation writes; Next token appends it to the text and walks again.</source>
        <translation>这时只用最后一行：把它与词元嵌入矩阵 wte 的每一行做点积（输入用的也是这个矩阵），词表中每个子词得到一个分数，softmax 再把分数变成概率。贪心生成会写出最可能的子词“%1”；按“下一个词元”，就把它接到文本后面，再演示一遍。</translation>
    </message>
    <message>
        <source>Queries, keys and values from the normed copy</source>
        <translation>由归一化副本得到查询、键和值</translation>
    </message>
    <message>
        <source>Q, K, V = z·W_{q,k,v} + b   (c_attn, split in three)</source>
        <translation>Q, K, V = z·W_{q,k,v} + b   （c_attn，一分为三）</translation>
    </message>
    <message>
        <source>One dense layer, c_attn, gives every token 3·D numbers, split into a query (what it looks for), a key (what it offers) and a value (what it passes on). They are made from z = LN_1(x), the normed copy, not from x. Head h uses its own K-wide slice of each.</source>
        <translation>一个全连接层 c_attn 给每个词元算出 3·D 个数，分成查询（它要找什么）、键（它能提供什么）和值（它传出什么）。它们由归一化副本 z = LN_1(x) 算出，而不是由 x。第 h 个头在查询、键、值中各取属于自己的一段，宽为 K。</translation>
    </message>
    <message>
        <source>M(i, j) = S(i, j) for j ≤ i, −∞ for j &gt; i</source>
        <translation>M(i, j) = S(i, j)（j ≤ i），−∞（j &gt; i）</translation>
    </message>
    <message>
        <source>GPT-2 writes left to right, so piece i may look at pieces 0..i only: scores above the diagonal become −∞ and their weights after softmax are exactly 0. It was trained this way on every position at once. BERT has no such mask: every piece sees the whole text, both sides.</source>
        <translation>GPT-2 从左往右写，所以子词 i 只能看子词 0..i：对角线以上的分数变为 −∞，softmax 之后权重恰好为 0。训练时它就是这样在所有位置上同时学习的。BERT 没有这种掩码：每个子词都能看到左右两边的全部文本。</translation>
    </message>
    <message>
        <source>word embeddings</source>
        <translation>词嵌入</translation>
    </message>
    <message>
        <source>token embeddings wte</source>
        <translation>词元嵌入 wte</translation>
    </message>
    <message>
        <source>position embeddings</source>
        <translation>位置嵌入</translation>
    </message>
    <message>
        <source>position embeddings wpe</source>
        <translation>位置嵌入 wpe</translation>
    </message>
    <message>
        <source>token type (segment A)</source>
        <translation>句段类型（句段 A）</translation>
    </message>
    <message>
        <source>word + position + token type</source>
        <translation>词 + 位置 + 句段类型</translation>
    </message>
    <message>
        <source>x_0 = LN_e(sum)</source>
        <translation>x_0 = LN_e(和)</translation>
    </message>
    <message>
        <source>x (the residual stream)</source>
        <translation>x（残差流）</translation>
    </message>
    <message>
        <source>LN_2(x&apos;)</source>
        <translation>LN_2(x&apos;)</translation>
    </message>
    <message>
        <source>attention output a</source>
        <translation>注意力输出 a</translation>
    </message>
    <message>
        <source>x + a</source>
        <translation>x + a</translation>
    </message>
    <message>
        <source>x&apos; = x + a (no norm)</source>
        <translation>x&apos; = x + a（不归一化）</translation>
    </message>
    <message>
        <source>u = y·W_i + b_i</source>
        <translation>u = y·W_i + b_i</translation>
    </message>
    <message>
        <source>u = LN_2(x&apos;)·W_fc + b_fc</source>
        <translation>u = LN_2(x&apos;)·W_fc + b_fc</translation>
    </message>
    <message>
        <source>h = gelu(u), erf form</source>
        <translation>h = gelu(u)，erf 形式</translation>
    </message>
    <message>
        <source>h = gelu(u), tanh form</source>
        <translation>h = gelu(u)，tanh 形式</translation>
    </message>
    <message>
        <source>h·W_proj + b_proj</source>
        <translation>h·W_proj + b_proj</translation>
    </message>
    <message>
        <source>y + f</source>
        <translation>y + f</translation>
    </message>
    <message>
        <source>layer output LN_2(y + f)</source>
        <translation>层输出 LN_2(y + f)</translation>
    </message>
    <message>
        <source>layer output x&apos; + MLP</source>
        <translation>层输出 x&apos; + MLP</translation>
    </message>
    <message>
        <source>most likely next pieces</source>
        <translation>最可能的下一个子词</translation>
    </message>
    <message>
        <source>A higher layer reads what the layer below wrote for every token: the same T rows, refined. Its attention has the same causal mask.</source>
        <translation>更高一层读取下面一层在每个词元上的输出：仍是这 T 行，又加工了一遍。它的注意力用同样的因果掩码。</translation>
    </message>
    <message>
        <source>Causal mask: −∞ above the diagonal</source>
        <translation>因果掩码：对角线以上为 −∞</translation>
    </message>
    <message>
        <source>x (the layer&apos;s input)</source>
        <translation>x（这一层的输入）</translation>
    </message>
    <message>
        <source>Embeddings, no position</source>
        <translation>嵌入（不加位置）</translation>
    </message>
    <message>
        <source>position encoding PE</source>
        <translation>位置编码 PE</translation>
    </message>
</context>
<context>
    <name>StepperPage</name>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
</context>
<context>
    <name>al::download::Downloader</name>
    <message>
        <source>Cannot download %1: only http:// and https:// addresses can be downloaded.</source>
        <translation>无法下载 %1：只能下载 http:// 和 https:// 开头的地址。</translation>
    </message>
    <message>
        <source>Cannot download %1: the expected SHA-256 must be 64 hexadecimal digits.</source>
        <translation>无法下载 %1：预期的 SHA-256 必须是 64 位十六进制数字。</translation>
    </message>
    <message>
        <source>Cannot create the folder %1: choose a folder you can write to.</source>
        <translation>无法创建文件夹 %1：请选择一个有写入权限的文件夹。</translation>
    </message>
    <message>
        <source>%1 already exists but is not the expected file (its SHA-256 is %2, expected %3). Move it away or delete it, then download again.</source>
        <translation>%1 已存在，但不是预期的文件（它的 SHA-256 是 %2，预期为 %3）。请将它移走或删除，然后重新下载。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Choose a folder you can write to.</source>
        <translation>无法写入 %1：%2。请选择一个有写入权限的文件夹。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2. Delete it and download again.</source>
        <translation>无法读取 %1：%2。请删除它并重新下载。</translation>
    </message>
    <message>
        <source>The server of %1 keeps sending other bytes than those asked for (Content-Range &quot;%2&quot;), so the download cannot be resumed. Delete %3 and try again later.</source>
        <translation>%1 的服务器总是发来与请求不符的字节（Content-Range &quot;%2&quot;），因此无法断点续传。请删除 %3，稍后再试。</translation>
    </message>
    <message>
        <source>%1 does not match the file at %2. Delete it and try again.</source>
        <translation>%1 与 %2 处的文件不一致。请删除它后重试。</translation>
    </message>
    <message>
        <source>The file is not at that address: check the address, or download the file in a web browser and open it as data.</source>
        <translation>该地址上没有这个文件：请检查地址，或者用网页浏览器下载该文件，再把它作为数据打开。</translation>
    </message>
    <message>
        <source>Try again later, or download the file in a web browser and open it as data.</source>
        <translation>请稍后再试，或者用网页浏览器下载该文件，再把它作为数据打开。</translation>
    </message>
    <message>
        <source>The server answered %1 %2 for %3. %4</source>
        <translation>服务器对 %3 的响应为 %1 %2。%4</translation>
    </message>
    <message>
        <source>the server sent %1 of %2</source>
        <translation>服务器已发送 %1 / %2</translation>
    </message>
    <message>
        <source>Could not connect to %1 to download %2 (%3). Check the internet connection or the address, or download the file in a web browser and open it as data.</source>
        <translation>无法连接到 %1 以下载 %2（%3）。请检查网络连接或地址，或者用网页浏览器下载该文件，再把它作为数据打开。</translation>
    </message>
    <message>
        <source>The download of %1 was cut (%2) and could not be continued after %3 tries. %4 keeps the %5 received so far: download again later to continue from there.</source>
        <translation>%1 的下载中断了（%2），尝试 %3 次后仍无法继续。%4 保留了目前已收到的 %5：稍后再次下载即可从断点继续。</translation>
    </message>
    <message>
        <source>The file downloaded from %1 is damaged or not the expected one: its SHA-256 is %2, expected %3. Nothing was kept; download again, or check the address.</source>
        <translation>从 %1 下载的文件已损坏或不是预期的文件：它的 SHA-256 是 %2，预期为 %3。文件未保留；请重新下载，或检查地址。</translation>
    </message>
    <message>
        <source>Cannot rename %1 to %2: %3.</source>
        <translation>无法将 %1 重命名为 %2：%3。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2. Is the disk full? Free some space (the whole file needs %3) and download again: it continues from where it stopped.</source>
        <translation>无法写入 %1：%2。磁盘是否已满？请腾出一些空间（整个文件需要 %3），然后重新下载：下载会从中断处继续。</translation>
    </message>
    <message>
        <source>its full size</source>
        <translation>文件的完整大小</translation>
    </message>
    <message>
        <source>Download cancelled. %1 keeps the %2 received so far; the next download continues from there.</source>
        <translation>下载已取消。%1 保留了目前已收到的 %2；下次下载将从这里继续。</translation>
    </message>
    <message>
        <source>Download cancelled.</source>
        <translation>下载已取消。</translation>
    </message>
</context>
<context>
    <name>al::ui</name>
    <message>
        <source>expected a measurement of the register (docs/measurements.json) under “--- %1”; “%2” is none</source>
        <translation type="vanished">“--- %1” 下应引用测量登记表（docs/measurements.json）中的测量值；“%2” 不在表中</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>expected a lesson file of at most 4 MB</source>
        <translation>应为不超过 4 MB 的课程文件</translation>
    </message>
    <message>
        <source>expected a setting of page “%1”, one of %2; found “%3”</source>
        <translation>应为页面“%1”的设置，取值为 %2 之一；实际为“%3”</translation>
    </message>
    <message>
        <source>expected %1 to be one of %2; found “%3”</source>
        <translation>%1 应为 %2 之一；实际为“%3”</translation>
    </message>
    <message>
        <source>expected %1 to be a whole number from %2 to %3; found “%4”</source>
        <translation>%1 应为 %2 到 %3 之间的整数；实际为“%4”</translation>
    </message>
    <message>
        <source>expected a value after “%1:”</source>
        <translation>“%1:”后面应有一个值</translation>
    </message>
    <message>
        <source>expected a preset of %1, one of %2; found “%3”</source>
        <translation>应为 %1 的预设之一：%2；实际为“%3”</translation>
    </message>
</context>
<context>
    <name>al::ui::AboutDialog</name>
    <message>
        <source>About AttentionLab</source>
        <translation>关于 AttentionLab</translation>
    </message>
    <message>
        <source>windows, widgets, network</source>
        <translation>窗口、控件、网络</translation>
    </message>
    <message>
        <source>curves and heatmaps</source>
        <translation>曲线和热力图</translation>
    </message>
    <message>
        <source>matrix arithmetic</source>
        <translation>矩阵运算</translation>
    </message>
    <message>
        <source>parallel training</source>
        <translation>并行训练</translation>
    </message>
    <message>
        <source>model and log files</source>
        <translation>模型文件和日志文件</translation>
    </message>
    <message>
        <source>the command line</source>
        <translation>命令行</translation>
    </message>
    <message>
        <source>reading aclImdb_v1.tar.gz</source>
        <translation>读取 aclImdb_v1.tar.gz</translation>
    </message>
    <message>
        <source>ICU licence (Unicode licence)</source>
        <translation>ICU 许可证（Unicode 许可证）</translation>
    </message>
    <message>
        <source>Unicode text</source>
        <translation>Unicode 文本</translation>
    </message>
    <message>
        <source>&lt;h3&gt;AttentionLab %1&lt;/h3&gt;&lt;p&gt;A teaching tool for attention and Transformers: train the models, see their attention, step through the arithmetic. Built with Qt %2.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Built on&lt;/b&gt;&lt;/p&gt;&lt;table cellspacing=&quot;6&quot;&gt;%3&lt;/table&gt;&lt;p&gt;&lt;b&gt;Where things are&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Data (the downloaded IMDB archive, %4): %5&lt;br&gt;Settings: %6&lt;br&gt;Models are saved where you choose; the command line writes them under runs/ by default.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;AttentionLab %1&lt;/h3&gt;&lt;p&gt;一款讲解注意力机制与 Transformer 的教学工具：训练模型，观察它们的注意力，逐步演示其中的运算。基于 Qt %2 构建。&lt;/p&gt;&lt;p&gt;&lt;b&gt;所用的开源组件&lt;/b&gt;&lt;/p&gt;&lt;table cellspacing=&quot;6&quot;&gt;%3&lt;/table&gt;&lt;p&gt;&lt;b&gt;文件位置&lt;/b&gt;&lt;/p&gt;&lt;p&gt;数据（下载的 IMDB 压缩包，%4）：%5&lt;br&gt;设置：%6&lt;br&gt;模型保存在你选择的位置；命令行默认把模型写到 runs/ 下。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>al::ui::AdditiveControls</name>
    <message>
        <source>Chatbot</source>
        <translation>聊天机器人</translation>
    </message>
    <message>
        <source>Seeded toy chatbot (untrained)</source>
        <translation>随机种子生成的玩具聊天机器人（未训练）</translation>
    </message>
    <message>
        <source>Random weights, the question&apos;s own words as vocabulary: the answer is nonsense, the arithmetic is real</source>
        <translation>随机权重，词表就是问题本身的词：回答毫无意义，但运算过程是真实的</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>The Chatbot page&apos;s model</source>
        <translation>“聊天机器人”页面的模型</translation>
    </message>
    <message>
        <source>Choose or train a chatbot on the Chatbot page</source>
        <translation>请在“聊天机器人”页面中选择或训练一个聊天机器人</translation>
    </message>
    <message>
        <source>U, the GRU&apos;s state width (and the toy&apos;s word vector width)</source>
        <translation>U：GRU 状态的维度（也是玩具模型词向量的维度）</translation>
    </message>
    <message>
        <source>A, the width of the attention&apos;s hidden layer</source>
        <translation>A：注意力隐藏层的宽度</translation>
    </message>
    <message>
        <source>Another seed gives other random weights</source>
        <translation>换一个种子，就会得到另一组随机权重</translation>
    </message>
    <message>
        <source>Units U</source>
        <translation>单元数 U</translation>
    </message>
    <message>
        <source>Attention units A</source>
        <translation>注意力单元数 A</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Which answer word&apos;s attention to walk through</source>
        <translation>要逐步演示哪个答案词的注意力</translation>
    </message>
    <message>
        <source>Answer word</source>
        <translation>答案词</translation>
    </message>
    <message>
        <source>Answer: %1</source>
        <translation>回答：%1</translation>
    </message>
</context>
<context>
    <name>al::ui::Appearance</name>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Default</source>
        <translation>默认(&amp;D)</translation>
    </message>
    <message>
        <source>D&amp;ark</source>
        <translation>深色(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;High contrast</source>
        <translation>高对比度(&amp;H)</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
</context>
<context>
    <name>al::ui::AttentionCompareTab</name>
    <message>
        <source>%1: layer %2, average of the heads</source>
        <translation>%1：第 %2 层，各头的平均</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2, %3 % positive</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2，正面的概率为 %3 %</translation>
    </message>
    <message>
        <source>positive</source>
        <translation>正面</translation>
    </message>
    <message>
        <source>negative</source>
        <translation>负面</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1&lt;/b&gt; predicts no sentiment: it read %n piece(s).</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt; 不预测情感：它读了 %n 个子词。</numerusform>
        </translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>对比模型：</translation>
    </message>
    <message>
        <source>(choose a second model)</source>
        <translation>（选择第二个模型）</translation>
    </message>
    <message>
        <source>Map:</source>
        <translation>热力图：</translation>
    </message>
    <message>
        <source>each model&apos;s first layer</source>
        <translation>各模型的第一层</translation>
    </message>
    <message>
        <source>each model&apos;s last layer</source>
        <translation>各模型的最后一层</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>(heads switched off: %1)</source>
        <translation>（已关闭的头：%1）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Two models, one sentence.&lt;/b&gt; The sentence of the Heatmaps tab read by the model shown there (left, with the heads switched off there off) and by a second model of this session (right, every head on): where each one looks, on one colour scale, and what each one predicts.</source>
        <translation>&lt;b&gt;两个模型，同一句话。&lt;/b&gt;“热力图”标签页中的句子，分别由那里显示的模型（左，在那里关闭的头在这里也关闭）和本次会话中的另一个模型（右，所有头都打开）来读：各自看向哪里（同一个颜色刻度），各自预测什么。</translation>
    </message>
</context>
<context>
    <name>al::ui::AttentionGrid</name>
    <message>
        <source>Layer %1, average of %2 heads</source>
        <translation>第 %1 层，%2 个头的平均</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>layer %1, average of the heads</source>
        <translation>第 %1 层，各头的平均</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>Where “%1” looks (%2)</source>
        <translation>“%1”在关注哪里（%2）</translation>
    </message>
</context>
<context>
    <name>al::ui::AttentionHeadsTab</name>
    <message>
        <source>Which head does this? Pick a word, and two words it might look at: every layer and head is scored by how much more weight the word puts on the first than on the second (red: more on the first, blue: more on the second). Click a cell for that head&apos;s map.</source>
        <translation>哪个头在做这件事？选一个词，再选两个它可能关注的词：每一层的每个头按这个词放在第一个词上的权重比放在第二个词上多多少来打分（红：第一个多，蓝：第二个多）。点一个格子，看那个头的热力图。</translation>
    </message>
    <message>
        <source>Word:</source>
        <translation>词：</translation>
    </message>
    <message>
        <source>more weight on:</source>
        <translation>更多权重放在：</translation>
    </message>
    <message>
        <source>than on:</source>
        <translation>而不是：</translation>
    </message>
    <message>
        <source>layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>Read a sentence on the Heatmaps tab first.</source>
        <translation type="vanished">请先在“热力图”标签页读入一个句子。</translation>
    </message>
    <message>
        <source>In this model, head %1.%2 puts %3 more of the weight of “%4” on “%5” than on “%6” (%7 against %8).</source>
        <translation>在这个模型里，头 %1.%2 让“%4”放在“%5”上的权重比放在“%6”上多 %3（%7 对 %8）。</translation>
    </message>
    <message>
        <source>In this model, no head puts more of the weight of “%1” on “%2” than on “%3”.</source>
        <translation>在这个模型里，没有哪个头让“%1”放在“%2”上的权重多于“%3”。</translation>
    </message>
    <message>
        <source>%1 of %2 heads prefer %3.</source>
        <translation>%2 个头中有 %1 个偏向“%3”。</translation>
    </message>
    <message>
        <source>These are one model&apos;s numbers on one sentence. A model with random weights (a toy or a test folder) has such differences too: there they are accidents, not something it learned.</source>
        <translation>这些只是一个模型在一个句子上的数字。权重随机的模型（玩具模型或测试文件夹）也会有这样的差别：在那里它们是偶然，不是学到的东西。</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>No model has read the sentence yet: choose one above (the sentence is typed on the Heatmaps tab).</source>
        <translation>还没有模型读过这个句子：请在上方选择一个模型（句子在“热力图”标签页里输入）。</translation>
    </message>
    <message>
        <source>For the texts&apos; examples, open a pretrained model on this page: bert-base-chinese for 它 → 书包, bert-base-uncased for Apple → phone (File › Download a pretrained model…, then the Hugging Face cache button or Open model…).</source>
        <translation>要验证教材里的例子，请在本页打开一个预训练模型：它 → 书包 用“bert-base-chinese”，“Apple” → “phone” 用“bert-base-uncased”（文件 › 下载预训练模型…，然后点“Hugging Face 缓存”按钮或“打开模型…”）。</translation>
    </message>
    <message>
        <source>This model classifies reviews: nothing in its training asked it what “it” refers to, so what its heads prefer here says nothing about the texts&apos; claim.</source>
        <translation>这个模型是给影评分类的：它的训练从没要求它弄清“它”指的是什么，所以它的头在这里偏向哪个词，对教材的说法什么也说明不了。</translation>
    </message>
</context>
<context>
    <name>al::ui::AttentionPage</name>
    <message>
        <source>Export timeline…</source>
        <translation>导出时间线…</translation>
    </message>
    <message>
        <source>The watched sentence&apos;s maps at the moments of training, for slides</source>
        <translation>被观察句子在训练各时刻的注意力图，可放进幻灯片</translation>
    </message>
    <message>
        <source>Frames for an animation (one PNG per moment)…</source>
        <translation>动画帧（每个时刻一张 PNG）…</translation>
    </message>
    <message>
        <source>Sheet of moments side by side (PNG, SVG or PDF)…</source>
        <translation>各时刻并排的对比图（PNG、SVG 或 PDF）…</translation>
    </message>
    <message>
        <source>The model the run kept</source>
        <translation>训练最后保留的模型</translation>
    </message>
    <message>
        <source>Step %1</source>
        <translation>第 %1 步</translation>
    </message>
    <message>
        <source>Attention in “%1” as the model trained</source>
        <translation>模型训练过程中“%1”的注意力</translation>
    </message>
    <message>
        <source>Folder for the frames</source>
        <translation>保存帧的文件夹</translation>
    </message>
    <message>
        <source>Drawing the moments of training…</source>
        <translation>正在绘制训练的各个时刻…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export timeline</source>
        <translation>导出时间线</translation>
    </message>
    <message>
        <source>Sheet of moments</source>
        <translation>时刻对比图</translation>
    </message>
    <message>
        <source>Moments on the sheet (step 0 and the kept model among them):</source>
        <translation>对比图上的时刻数（包括第 0 步和保留的模型）：</translation>
    </message>
    <message>
        <source>Save sheet</source>
        <translation>保存对比图</translation>
    </message>
    <message numerus="yes">
        <source>%n frame(s) and index.json written to %1.</source>
        <translation>
            <numerusform>已将 %n 帧和 index.json 写入 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of training&lt;/b&gt;: the maps and the prediction recorded then.</source>
        <translation>&lt;b&gt;训练第 %1 步&lt;/b&gt;：当时记录下的注意力图和预测。</translation>
    </message>
    <message>
        <source>Next word then: %1</source>
        <translation>当时预测的下一个词：%1</translation>
    </message>
    <message>
        <source>Best fill then: %1</source>
        <translation>当时最好的填空：%1</translation>
    </message>
    <message>
        <source>Answer then: %1</source>
        <translation>当时的回答：%1</translation>
    </message>
    <message>
        <source>(recorded with every head on)</source>
        <translation>（记录时所有头都开着）</translation>
    </message>
    <message>
        <source>positive</source>
        <translation>正面</translation>
    </message>
    <message>
        <source>negative</source>
        <translation>负面</translation>
    </message>
    <message>
        <source>Heatmaps</source>
        <translation>热力图</translation>
    </message>
    <message>
        <source>Word order</source>
        <translation>词序</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>no model yet</source>
        <translation>还没有模型</translation>
    </message>
    <message>
        <source>A model directory saved by the Train page or by attentionlab-cli train imdb</source>
        <translation>由训练页面或 attentionlab-cli train imdb 保存的模型目录</translation>
    </message>
    <message>
        <source>with learned position</source>
        <translation>使用学习得到的位置嵌入</translation>
    </message>
    <message>
        <source>without position</source>
        <translation>不使用位置信息</translation>
    </message>
    <message>
        <source>with sinusoidal position</source>
        <translation>使用正弦位置编码</translation>
    </message>
    <message>
        <source>Train a toy model now</source>
        <translation>现在训练一个玩具模型</translation>
    </message>
    <message>
        <source>The tiny preset on the built-in reviews: a few seconds, on a worker thread</source>
        <translation>在内置影评上使用 tiny 预设：只需几秒钟，在后台线程中进行</translation>
    </message>
    <message>
        <source>Type or paste a sentence or a whole review</source>
        <translation>输入或粘贴一个句子或一整条影评</translation>
    </message>
    <message>
        <source>Show attention</source>
        <translation>显示注意力</translation>
    </message>
    <message>
        <source>The tokens as the model reads them. Click one to see where it looks.</source>
        <translation>模型读到的词元。点击其中一个，看看它在关注哪里。</translation>
    </message>
    <message>
        <source>Bars from:</source>
        <translation>条形图来源：</translation>
    </message>
    <message>
        <source>Click a token above or a row of a heatmap: the bars show how that token spreads its attention over the sentence (the row sums to 1).</source>
        <translation>点击上方的一个词元或热力图中的一行：条形图显示该词元如何把注意力分配到句子中的各个词上（整行之和为 1）。</translation>
    </message>
    <message>
        <source>Shuffle words</source>
        <translation type="vanished">打乱词序</translation>
    </message>
    <message>
        <source>Put the words of the sentence in a random order and run the model again</source>
        <translation type="vanished">把句子中的词随机打乱顺序，再运行一次模型</translation>
    </message>
    <message>
        <source>Heatmap of:</source>
        <translation type="vanished">热力图显示：</translation>
    </message>
    <message>
        <source>Original order</source>
        <translation type="vanished">原始顺序</translation>
    </message>
    <message>
        <source>Shuffled</source>
        <translation type="vanished">打乱后</translation>
    </message>
    <message>
        <source>query token</source>
        <translation type="vanished">查询词元</translation>
    </message>
    <message>
        <source>key token</source>
        <translation type="vanished">键词元</translation>
    </message>
    <message>
        <source>“%1” is a model of task %2; this page shows imdb-transformer models.</source>
        <translation type="vanished">“%1”是 %2 任务的模型；本页面只显示 imdb-transformer 模型。</translation>
    </message>
    <message>
        <source>Open a model directory</source>
        <translation>打开模型目录</translation>
    </message>
    <message>
        <source>Training a toy model on the built-in reviews…</source>
        <translation>正在用内置影评训练玩具模型…</translation>
    </message>
    <message>
        <source>The toy model could not be trained: %1</source>
        <translation>玩具模型训练失败：%1</translation>
    </message>
    <message>
        <source>Toy model ready</source>
        <translation>玩具模型已就绪</translation>
    </message>
    <message>
        <source>Choose a model above: open a model directory, or train a toy model in a few seconds.</source>
        <translation>请在上方选择一个模型：打开一个模型目录，或者花几秒钟训练一个玩具模型。</translation>
    </message>
    <message>
        <source>Prediction: &lt;b&gt;%1&lt;/b&gt;, %2 positive</source>
        <translation>预测：&lt;b&gt;%1&lt;/b&gt;，正面的概率为 %2</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s)</source>
        <translation>
            <numerusform>%n 个词元</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %n unknown (grey, marked ?: the model reads them all as [UNK])</source>
        <translation type="vanished">
            <numerusform>；其中 %n 个是未知词（灰色，标有 ?：模型把它们都读作 [UNK]）</numerusform>
        </translation>
    </message>
    <message>
        <source>; &lt;b&gt;the text was cut&lt;/b&gt; after %1 tokens (the model&apos;s sequence length): the rest is not read</source>
        <translation>；&lt;b&gt;文本在第 %1 个词元之后被截断&lt;/b&gt;（即模型的序列长度）：后面的部分不会被读取</translation>
    </message>
    <message>
        <source>query token (looks)</source>
        <translation>查询词元（发出关注）</translation>
    </message>
    <message>
        <source>key token (is looked at)</source>
        <translation>键词元（被关注）</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>layer %1, average of the heads</source>
        <translation>第 %1 层，各头的平均</translation>
    </message>
    <message>
        <source>layer 1, head %1</source>
        <translation type="vanished">第 1 层，第 %1 个头</translation>
    </message>
    <message>
        <source>layer 1, average</source>
        <translation type="vanished">第 1 层，平均</translation>
    </message>
    <message>
        <source>Layer %1, average of %2 heads</source>
        <translation>第 %1 层，%2 个头的平均</translation>
    </message>
    <message>
        <source>Layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>Where “%1” looks (%2)</source>
        <translation>“%1”在关注哪里（%2）</translation>
    </message>
    <message>
        <source>Choose a model first.</source>
        <translation>请先选择一个模型。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Shuffled:&lt;/b&gt; %1</source>
        <translation type="vanished">&lt;b&gt;打乱后：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>original p = %1, shuffled p = %2 (difference %3); largest difference between a shuffled attention weight and the original weight of the same two words: %4</source>
        <translation type="vanished">原始顺序 p = %1，打乱后 p = %2（相差 %3）；同一对词的注意力权重在打乱前后的最大差值：%4</translation>
    </message>
    <message>
        <source>&lt;b&gt;This model has no position information.&lt;/b&gt; The prediction is identical and every row of attention moved with its word: attention sees a bag of words, not a sentence. </source>
        <translation type="vanished">&lt;b&gt;这个模型没有位置信息。&lt;/b&gt;预测结果完全相同，每一行注意力都跟着它的词一起移动了：注意力看到的是一个词袋，而不是一个句子。 </translation>
    </message>
    <message>
        <source>&lt;b&gt;This model adds %1 position information,&lt;/b&gt; so word order matters: the prediction and the attention change when the words move. </source>
        <translation type="vanished">&lt;b&gt;这个模型加入了 %1 位置信息，&lt;/b&gt;所以词序有影响：词的位置一变，预测和注意力都会随之改变。 </translation>
    </message>
    <message>
        <source>&lt;b&gt;This model has %1 position information,&lt;/b&gt; yet this shuffle changed nothing visible. </source>
        <translation type="vanished">&lt;b&gt;这个模型有 %1 位置信息，&lt;/b&gt;但这次打乱并没有带来明显的变化。 </translation>
    </message>
    <message>
        <source>Press “Shuffle words”. Attention by itself does not see word order: only position information added to the embeddings can tell “not good, bad” from “bad, not good”.</source>
        <translation type="vanished">请按“打乱词序”。注意力本身看不到词序：只有加到嵌入上的位置信息，才能区分“not good, bad”和“bad, not good”。</translation>
    </message>
    <message>
        <source>Colours:</source>
        <translation type="vanished">颜色：</translation>
    </message>
    <message>
        <source>The maps of this tab, without the controls: PNG at twice the pixels, or SVG and PDF as vectors</source>
        <translation>本标签页中的图，不含控件：PNG 为两倍像素，SVG 和 PDF 为矢量图</translation>
    </message>
    <message>
        <source>Every weight of the maps of this tab, as a CSV table</source>
        <translation>本标签页各图中的全部权重，导出为 CSV 表格</translation>
    </message>
    <message>
        <source>. The model has never seen %1: it read [UNK] there, so this answer does not rest on those words.</source>
        <translation>。模型从未见过 %1：它在那里读到的是 [UNK]，所以这个回答并不依赖这些词。</translation>
    </message>
    <message numerus="yes">
        <source>; %n unknown: %1 (grey, marked ?: the model reads them all as [UNK])</source>
        <translation>
            <numerusform>；其中 %n 个是未知词：%1（灰色，标有 ?：模型把它们都读作 [UNK]）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 layer(s), %2 heads of K %3, width D %4, %5, %6, up to %7 tokens</source>
        <translation>%1 层，%2 个注意力头（每头 K = %3），维度 D = %4，%5，%6，最多 %7 个词元</translation>
    </message>
    <message>
        <source>toy, %1</source>
        <translation>玩具模型，%1</translation>
    </message>
    <message>
        <source>“%1” is a model of the kind “%2”; this page shows Transformer classifiers of reviews.</source>
        <translation type="vanished">“%1”是“%2”类模型；本页显示的是影评的 Transformer 分类器。</translation>
    </message>
    <message>
        <source>The model reads the sentence…</source>
        <translation>模型正在读这句话…</translation>
    </message>
    <message>
        <source>map %v of %m</source>
        <translation>第 %v 张图，共 %m 张</translation>
    </message>
    <message>
        <source>Drawing the heatmaps…</source>
        <translation>正在绘制热力图…</translation>
    </message>
    <message>
        <source>“%1” is ready on the Attention page</source>
        <translation type="vanished">“%1”已在“注意力”页面就绪</translation>
    </message>
    <message>
        <source>“%1” is a model of the kind “%2”; this page shows Transformer classifiers of reviews and pretrained BERT and GPT-2 models.</source>
        <translation type="vanished">“%1”是“%2”类模型；本页面显示评论的 Transformer 分类器，以及预训练的 BERT 和 GPT-2 模型。</translation>
    </message>
    <message numerus="yes">
        <source>The model read %n piece(s) of text; below, where each one looks in every layer and head.</source>
        <translation>
            <numerusform>模型把文本读成了 %n 个子词；下面是每个子词在每一层、每个头中关注的位置。</numerusform>
        </translation>
    </message>
    <message>
        <source>Which head does this?</source>
        <translation>哪个头在做这件事？</translation>
    </message>
    <message>
        <source>Maps over:</source>
        <translation>热力图单位：</translation>
    </message>
    <message>
        <source>pieces</source>
        <translation>子词</translation>
    </message>
    <message>
        <source>words</source>
        <translation>词</translation>
    </message>
    <message>
        <source>Words: the pieces of each word of the text taken together (the weights on a word&apos;s pieces added, its pieces&apos; rows averaged, so each row still sums to 1).</source>
        <translation>词：把文本中每个词的子词合在一起（一个词各子词上的权重相加，各子词的行取平均，所以每行之和仍为 1）。</translation>
    </message>
    <message>
        <source>On the page:</source>
        <translation>页面上显示：</translation>
    </message>
    <message>
        <source>every map</source>
        <translation>所有热力图</translation>
    </message>
    <message>
        <source>One map fills the space of all of them, for a room to read; the thumbnails above then choose which. Every map: a click on a thumbnail maximises it.</source>
        <translation>只显示一张热力图，占满所有热力图的空间，让教室后排也看得清；这时点击上方的缩略图选择显示哪一张。显示所有热力图时，点击缩略图会把它最大化。</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>(heads switched off: %1)</source>
        <translation>（已关闭的头：%1）</translation>
    </message>
    <message>
        <source>Rollout and saliency</source>
        <translation>展开与显著性</translation>
    </message>
    <message>
        <source>Which heads matter?</source>
        <translation>哪些头重要？</translation>
    </message>
    <message>
        <source>(heads switched off, each giving its mean output: %1)</source>
        <translation>（已关闭的头，各自输出其平均值：%1）</translation>
    </message>
    <message>
        <source>Heads off give:</source>
        <translation>关闭的头输出：</translation>
    </message>
    <message>
        <source>zeros</source>
        <translation>零</translation>
    </message>
    <message>
        <source>its mean output</source>
        <translation>它的平均输出</translation>
    </message>
    <message>
        <source>What a head switched off (right-click its thumbnail) gives. Zeros also take away what a head always adds, which the layers after it may rely on; its mean output over 500 reviews of the model&apos;s data takes away only what it reads in this sentence.</source>
        <translation>关闭的头（右键单击其缩略图）输出什么。置零还会拿走一个头总会加上的那部分，而后面的层可能依赖它；用它在模型数据的 500 条影评上的平均输出替代，则只拿走它在这句话中读到的内容。</translation>
    </message>
    <message>
        <source>The heads&apos; mean outputs could not be computed: %1. Switched-off heads give zeros.</source>
        <translation>无法计算这些头的平均输出：%1。关闭的头改为输出零。</translation>
    </message>
    <message>
        <source>Two models</source>
        <translation>两个模型</translation>
    </message>
    <message>
        <source>Save picture…</source>
        <translation>保存图片…</translation>
    </message>
    <message>
        <source>Save numbers…</source>
        <translation>保存数值…</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>The maps&apos; colours, and saving this tab&apos;s maps as a picture or their weights as numbers</source>
        <translation>热力图的配色，以及把本标签页的图保存为图片、把权重保存为数值</translation>
    </message>
    <message>
        <source>Head roles</source>
        <translation>头的分工</translation>
    </message>
    <message>
        <source>Rollout</source>
        <translation>注意力展开</translation>
    </message>
    <message>
        <source>Importance</source>
        <translation>头的重要性</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>词序</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>this page shows every model whose layers weigh the words of a text against each other (self-attention): Transformer classifiers, masked and causal language models, the Transformer chatbot&apos;s encoder, BERT and GPT-2.</source>
        <translation>本页面显示各层会让文本中的词相互加权（自注意力）的所有模型：Transformer 分类器、掩码语言模型和因果语言模型、Transformer 聊天机器人的编码器、BERT 和 GPT-2。</translation>
    </message>
    <message>
        <source>“%1” is a model of the kind “%2”, which has no self-attention: no layer of it weighs the words of the text against each other, so there are no maps to show. %3</source>
        <translation>“%1”是“%2”类模型，它没有自注意力：它的任何一层都不会让文本中的词相互加权，因此没有可显示的注意力图。%3</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n layer(s) of %2 heads, a vocabulary of %3 words</source>
        <translation>
            <numerusform>%1：%n 层，每层 %2 个头，词表 %3 个词</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 words unknown: %2</source>
        <translation>%1 个词不认识：%2</translation>
    </message>
    <message>
        <source>show fewer</source>
        <translation>收起</translation>
    </message>
    <message>
        <source>show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>(read as [UNK]: this answer does not rest on them)</source>
        <translation>（都读作 [UNK]：这个结果并不依据这些词）</translation>
    </message>
    <message>
        <source>This sentence has too many tokens for every map to name them all here: the page shows one map at a time, the one whose bars are shown; a thumbnail chooses it.</source>
        <translation>这句话的词元太多，这里放不下每张图又标出全部词元：页面一次只显示一张图，即柱状图所取自的那张；点缩略图可以换一张。</translation>
    </message>
</context>
<context>
    <name>al::ui::AttentionReader</name>
    <message numerus="yes">
        <source>The text is longer than one segment of this language model: its last %n token(s) also read a memory of the tokens before them, which these maps (the same tokens on both axes) cannot show. Shorten the text to one segment, or see the memory on the Memory page.</source>
        <translation>
            <numerusform>文本超过了这个语言模型的一个片段：最后 %n 个词元还会读取它们之前词元的记忆，而这些注意力图（两条轴上是同样的词元）无法显示记忆。请把文本缩短到一个片段，或在“记忆”页面查看记忆。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>al::ui::AttentionRolloutTab</name>
    <message>
        <source>&lt;b&gt;Attention rollout&lt;/b&gt; follows the mixing through every layer: each layer&apos;s heads averaged, the residual connection counted as half of the attention a token pays to itself, the layers multiplied. Row &lt;i&gt;i&lt;/i&gt;: how much of each word reaches word &lt;i&gt;i&lt;/i&gt; after the last layer. One map of one head says where that head looked, not what the output is made of.</source>
        <translation>&lt;b&gt;注意力展开&lt;/b&gt;逐层追踪词元之间的混合：每层的各个头取平均，残差连接算作词元对自身的一半注意力，再把各层相乘。第 &lt;i&gt;i&lt;/i&gt; 行：经过最后一层之后，每个词有多少到达第 &lt;i&gt;i&lt;/i&gt; 个词。一个头的一张图只说明这个头看向哪里，并不说明输出由什么构成。</translation>
    </message>
    <message numerus="yes">
        <source>Rollout through %n layer(s)</source>
        <translation>
            <numerusform>经过 %n 层的展开</numerusform>
        </translation>
    </message>
    <message>
        <source>token (after the last layer)</source>
        <translation>词元（最后一层之后）</translation>
    </message>
    <message>
        <source>input token (reaches it)</source>
        <translation>输入词元（到达该词元）</translation>
    </message>
    <message>
        <source>Saliency (gradient × input) is computed for the app&apos;s IMDB classifier only.</source>
        <translation>显著性（梯度 × 输入）只对本应用的 IMDB 分类器计算。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Saliency&lt;/b&gt; towards “%1” (red: pushed towards it, blue: away; the number: the attention the word receives in the rollout, in %):</source>
        <translation>&lt;b&gt;显著性&lt;/b&gt;，朝向“%1”（红色：推向它，蓝色：推离它；数字：该词在展开中得到的注意力，单位为 %）：</translation>
    </message>
    <message>
        <source>positive</source>
        <translation>正面</translation>
    </message>
    <message>
        <source>negative</source>
        <translation>负面</translation>
    </message>
</context>
<context>
    <name>al::ui::AttentionThumbnails</name>
    <message>
        <source>Every layer (row) and head (column): click one to see it full screen</source>
        <translation type="vanished">每一层（行）和每个头（列）：点击其中一个可全屏查看</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <source>Every layer (row) and head (column): click one to see it full screen, right-click to switch it off</source>
        <translation>每一层（行）和每个头（列）：点击其中一个可全屏查看，右键点击可将其关闭</translation>
    </message>
    <message>
        <source>Switch layer %1, head %2 on again</source>
        <translation>重新打开第 %1 层的第 %2 个头</translation>
    </message>
    <message>
        <source>Switch layer %1, head %2 off</source>
        <translation>关闭第 %1 层的第 %2 个头</translation>
    </message>
    <message>
        <source>Switch every head on</source>
        <translation>打开所有的头</translation>
    </message>
    <message>
        <source>Heads switched off give zeros</source>
        <translation>关闭的头输出零</translation>
    </message>
    <message>
        <source>Heads switched off give their mean output</source>
        <translation>关闭的头输出它们的平均输出</translation>
    </message>
    <message>
        <source>Only the app&apos;s own classifier has its heads&apos; mean outputs</source>
        <translation>只有本应用自己的分类器才有各个头的平均输出</translation>
    </message>
    <message>
        <source>Switch every head of layer %1 on again</source>
        <translation>重新打开第 %1 层的所有头</translation>
    </message>
    <message>
        <source>Switch every head of layer %1 off</source>
        <translation>关闭第 %1 层的所有头</translation>
    </message>
</context>
<context>
    <name>al::ui::CachedModelsButton</name>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging Face 缓存</translation>
    </message>
    <message>
        <source>Open a pretrained BERT or GPT-2 model already on this computer: the Hugging Face cache and the models AttentionLab downloaded</source>
        <translation>打开本机已有的预训练 BERT 或 GPT-2 模型：Hugging Face 缓存中的模型，以及 AttentionLab 下载的模型</translation>
    </message>
    <message>
        <source>Downloaded by AttentionLab</source>
        <translation>AttentionLab 已下载</translation>
    </message>
    <message>
        <source>None yet in %1</source>
        <translation>%1 中还没有模型</translation>
    </message>
    <message>
        <source>%1 (%2, %3)</source>
        <translation>%1（%2，%3）</translation>
    </message>
    <message>
        <source>No Hugging Face cache folder: set HF_HUB_CACHE (or HF_HOME) to say where it is</source>
        <translation>找不到 Hugging Face 缓存文件夹：请用 HF_HUB_CACHE（或 HF_HOME）指明它的位置</translation>
    </message>
    <message>
        <source>No model this page shows in %1</source>
        <translation>%1 中没有本页面能显示的模型</translation>
    </message>
    <message>
        <source>To get one: File › Download a pretrained model…, or on the command line</source>
        <translation>获取方法：文件 › 下载预训练模型…，或在命令行中运行</translation>
    </message>
    <message>
        <source>attentionlab-cli download model %1 (listed below when done)</source>
        <translation>attentionlab-cli download model %1（下载完成后列在下方）</translation>
    </message>
    <message>
        <source>Models fetched with Python’s transformers appear here</source>
        <translation>用 Python 的 transformers 下载的模型会出现在这里</translation>
    </message>
</context>
<context>
    <name>al::ui::ChatbotPage</name>
    <message>
        <source>embedding E %1, GRU units U %2, attention units A %3, %4 question words known, %5 answer words</source>
        <translation>嵌入维度 E = %1，GRU 单元数 U = %2，注意力单元数 A = %3，认识 %4 个问题词、%5 个答案词</translation>
    </message>
    <message>
        <source>encoder-decoder Transformer: width D %1, %2 heads of K %3, feed-forward F %4, %5 layer(s) each side, %6 question words known, %7 answer words</source>
        <translation>编码器-解码器 Transformer：维度 D = %1，%2 个头（每头 K = %3），前馈 F = %4，编码器和解码器各 %5 层，认识 %6 个问题词、%7 个答案词</translation>
    </message>
    <message>
        <source>no chatbot yet</source>
        <translation>还没有聊天机器人</translation>
    </message>
    <message>
        <source>Train a tiny chatbot now</source>
        <translation>现在训练一个小型聊天机器人</translation>
    </message>
    <message>
        <source>The tiny preset on a built-in corpus, on a worker thread</source>
        <translation>在内置语料上使用 tiny 预设，在后台线程中进行</translation>
    </message>
    <message>
        <source>English → Spanish</source>
        <translation>英语 → 西班牙语</translation>
    </message>
    <message>
        <source>everyday dialogs</source>
        <translation>日常对话</translation>
    </message>
    <message>
        <source>GRU + additive attention</source>
        <translation>GRU + 加性注意力</translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation>Transformer</translation>
    </message>
    <message>
        <source> epochs</source>
        <translation> 轮</translation>
    </message>
    <message>
        <source>Ask a question (or, for the translation model, an English sentence)</source>
        <translation>提一个问题（如果是翻译模型，就输入一个英语句子）</translation>
    </message>
    <message>
        <source>Ask</source>
        <translation>提问</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>Alignment: where the decoder looked while writing each answer word</source>
        <translation>对齐：解码器在生成每个答案词时关注了哪里</translation>
    </message>
    <message>
        <source>answer word (being written)</source>
        <translation>答案词（正在生成）</translation>
    </message>
    <message>
        <source>question word (looked at)</source>
        <translation>问题词（被关注）</translation>
    </message>
    <message>
        <source>Alignment</source>
        <translation>对齐</translation>
    </message>
    <message>
        <source>Each row is the attention of one decoder step and sums to 1 (for a Transformer: its last layer&apos;s cross-attention, averaged over the heads). The Step through page walks through one step. Click a row of any heatmap to see where that word looks.</source>
        <translation>每一行是解码器某一步的注意力，一行之和为 1（对 Transformer 而言：取最后一层的交叉注意力，并对各头求平均）。“逐步演示”页面会一步步讲解其中一步。点击任一热力图中的一行，可以看到那个词在关注哪里。</translation>
    </message>
    <message>
        <source>tiny %1, %2, %3 epochs</source>
        <translation type="vanished">小型 %1，%2，%3 轮</translation>
    </message>
    <message>
        <source>Choose a chatbot above: open a model directory, or train a tiny one in a few seconds.</source>
        <translation>请在上方选择一个聊天机器人：打开一个模型目录，或者花几秒钟训练一个小型的。</translation>
    </message>
    <message>
        <source>Encoder self-attention</source>
        <translation>编码器自注意力</translation>
    </message>
    <message>
        <source>question word (looks)</source>
        <translation>问题词（发出关注）</translation>
    </message>
    <message>
        <source>question word (is looked at)</source>
        <translation>问题词（被关注）</translation>
    </message>
    <message>
        <source>Decoder masked self-attention</source>
        <translation>解码器带掩码的自注意力</translation>
    </message>
    <message>
        <source>answer word (looks)</source>
        <translation>答案词（发出关注）</translation>
    </message>
    <message>
        <source>earlier answer word</source>
        <translation>前面的答案词</translation>
    </message>
    <message>
        <source>Cross-attention</source>
        <translation>交叉注意力</translation>
    </message>
    <message>
        <source>Open a chatbot model directory</source>
        <translation>打开聊天机器人模型目录</translation>
    </message>
    <message>
        <source>Training a tiny chatbot…</source>
        <translation>正在训练小型聊天机器人…</translation>
    </message>
    <message>
        <source>The chatbot could not be trained: %1</source>
        <translation>聊天机器人训练失败：%1</translation>
    </message>
    <message>
        <source>Chatbot ready</source>
        <translation>聊天机器人已就绪</translation>
    </message>
    <message>
        <source>Choose a chatbot first.</source>
        <translation>请先选择一个聊天机器人。</translation>
    </message>
    <message>
        <source>Answer: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>回答：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>The model read: %1</source>
        <translation>模型读到的是：%1</translation>
    </message>
    <message numerus="yes">
        <source> (%n word(s) unknown to it, read as [UNK])</source>
        <translation type="vanished">
            <numerusform>（其中 %n 个词它不认识，读作 [UNK]）</numerusform>
        </translation>
    </message>
    <message>
        <source>; the question was cut to %1 tokens</source>
        <translation>；问题被截断为 %1 个词元</translation>
    </message>
    <message>
        <source>“%1” is a model of task %2; this page shows seq2seq-attention and seq2seq-transformer models.</source>
        <translation type="vanished">“%1”是任务 %2 的模型；本页面显示 seq2seq-attention 和 seq2seq-transformer 模型。</translation>
    </message>
    <message>
        <source>keep the last epoch</source>
        <translation>保留最后一轮</translation>
    </message>
    <message>
        <source>Off: the model keeps the epoch with the lowest validation loss, often an early one that answers little. On: it keeps the last epoch, which fits the training pairs best.</source>
        <translation>关：模型保留验证损失最低的一轮，这往往是较早的一轮，几乎答不出什么。开：模型保留最后一轮，它对训练问答对拟合得最好。</translation>
    </message>
    <message>
        <source>tiny %1, %2, epoch %3 of %4</source>
        <translation>tiny %1，%2，第 %3/%4 轮</translation>
    </message>
    <message>
        <source>Kept: the last epoch (%1 of %2).</source>
        <translation>保留：最后一轮（第 %1/%2 轮）。</translation>
    </message>
    <message>
        <source>Kept: epoch %1 of %2, the one with the lowest validation loss on held-out pairs. Later epochs fit the training pairs better; tick “keep the last epoch” to keep the last one.</source>
        <translation>保留：第 %1/%2 轮，即在留出的问答对上验证损失最低的一轮。之后的轮次对训练问答对拟合得更好；勾选“保留最后一轮”即可保留最后一轮。</translation>
    </message>
    <message numerus="yes">
        <source> (%n word(s) unknown to it, read as [UNK]: %1)</source>
        <translation>
            <numerusform>（其中 %n 个词它不认识，读作 [UNK]：%1）</numerusform>
        </translation>
    </message>
    <message>
        <source>Chinese → English</source>
        <translation>中文 → 英语</translation>
    </message>
    <message>
        <source>Chinese everyday dialogs</source>
        <translation>中文日常对话</translation>
    </message>
    <message>
        <source>Type a question first, then press Ask.</source>
        <translation>请先输入一个问题，再按“提问”。</translation>
    </message>
    <message>
        <source>“%1” is a model of the kind “%2”; this page shows chatbots (the GRU and the Transformer).</source>
        <translation type="vanished">“%1”是“%2”类模型；本页显示的是聊天机器人（GRU 和 Transformer）。</translation>
    </message>
    <message>
        <source>“%1” is ready on the Chatbot page</source>
        <translation type="vanished">“%1”已在“聊天机器人”页面就绪</translation>
    </message>
    <message>
        <source>Kept: epoch %1 of %2 (lowest validation loss).</source>
        <translation>保留：第 %1/%2 轮（验证损失最低）。</translation>
    </message>
    <message>
        <source>Chatbot</source>
        <translation>聊天机器人</translation>
    </message>
    <message>
        <source>this page shows chatbots (the GRU and the Transformer).</source>
        <translation>本页显示的是聊天机器人（GRU 和 Transformer）。</translation>
    </message>
    <message>
        <source>A training timeline records the encoder&apos;s maps and the answer&apos;s alignment, not the decoder&apos;s maps: move the slider to the last position for the kept model&apos;s.</source>
        <translation>训练时间线只记录编码器的注意力图和答案的对齐，不记录解码器的注意力图：把滑块移到最后一格，即可查看保留的模型的这些图。</translation>
    </message>
    <message>
        <source>Answer at step %1 of training: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>训练第 %1 步时的回答：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
</context>
<context>
    <name>al::ui::ComparisonPage</name>
    <message>
        <source>GRU + Bahdanau attention</source>
        <translation>GRU + Bahdanau 注意力</translation>
    </message>
    <message>
        <source>Transformer</source>
        <translation>Transformer</translation>
    </message>
    <message>
        <source>English → Spanish (built-in)</source>
        <translation>英语 → 西班牙语（内置）</translation>
    </message>
    <message>
        <source>Chinese → English (built-in)</source>
        <translation>中文 → 英语（内置）</translation>
    </message>
    <message>
        <source>everyday dialogs (built-in)</source>
        <translation>日常对话（内置）</translation>
    </message>
    <message>
        <source>Dialogs file…</source>
        <translation>对话文件…</translation>
    </message>
    <message>
        <source>A file of question&lt;TAB&gt;answer lines</source>
        <translation>每行为“问题&lt;TAB&gt;回答”的文件</translation>
    </message>
    <message>
        <source>tiny (seconds)</source>
        <translation>tiny（几秒钟）</translation>
    </message>
    <message>
        <source>classroom (minutes)</source>
        <translation>classroom（几分钟）</translation>
    </message>
    <message>
        <source> epochs each</source>
        <translation> 轮（各自）</translation>
    </message>
    <message>
        <source>Train both</source>
        <translation>两个都训练</translation>
    </message>
    <message>
        <source>Data:</source>
        <translation>数据：</translation>
    </message>
    <message>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <source>Both models train on the same pairs, the same split and the same seed, one after the other.</source>
        <translation>两个模型使用相同的问答对、相同的数据划分和相同的随机种子，先后依次训练。</translation>
    </message>
    <message>
        <source>epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>seconds per epoch</source>
        <translation>每轮秒数</translation>
    </message>
    <message>
        <source>best validation loss</source>
        <translation>最佳验证损失</translation>
    </message>
    <message>
        <source>validation accuracy (tokens)</source>
        <translation>验证准确率（词元）</translation>
    </message>
    <message>
        <source>test accuracy (tokens)</source>
        <translation>测试准确率（词元）</translation>
    </message>
    <message>
        <source>exact match (test answers)</source>
        <translation>完全匹配（测试回答）</translation>
    </message>
    <message>
        <source>Exact match: the share of test questions whose whole greedy answer is the expected one</source>
        <translation>完全匹配：贪心解码得到的整个回答与期望答案完全一致的测试问题所占的比例</translation>
    </message>
    <message>
        <source>The same sentence for both:</source>
        <translation>两个模型使用同一个句子：</translation>
    </message>
    <message>
        <source>GRU: additive attention of every answer word</source>
        <translation>GRU：每个答案词的加性注意力</translation>
    </message>
    <message>
        <source>Transformer: last layer&apos;s cross-attention, heads averaged</source>
        <translation>Transformer：最后一层的交叉注意力，各头取平均</translation>
    </message>
    <message>
        <source>answer word (being written)</source>
        <translation>答案词（正在生成）</translation>
    </message>
    <message>
        <source>question word (looked at)</source>
        <translation>问题词（被关注）</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Training %1 (%2 of 2)…</source>
        <translation>正在训练 %1（第 %2/2 个）…</translation>
    </message>
    <message>
        <source>%1 could not be trained: %2</source>
        <translation>%1 训练失败：%2</translation>
    </message>
    <message>
        <source>Measuring %1&apos;s exact-match accuracy…</source>
        <translation>正在测量 %1 的完全匹配准确率…</translation>
    </message>
    <message>
        <source>Done: both models trained on the same split. The table compares them on its test part.</source>
        <translation>完成：两个模型都在相同的数据划分上训练好了。下表在其中的测试部分上比较它们。</translation>
    </message>
    <message>
        <source>Chinese everyday dialogs (built-in)</source>
        <translation>中文日常对话（内置）</translation>
    </message>
    <message>
        <source>Compare: %1</source>
        <translation>对比：%1</translation>
    </message>
</context>
<context>
    <name>al::ui::CurvePlot</name>
    <message>
        <source>per batch (smoothed)</source>
        <translation>每批次（平滑）</translation>
    </message>
    <message>
        <source>training (per epoch)</source>
        <translation>训练（每轮）</translation>
    </message>
    <message>
        <source>validation (per epoch)</source>
        <translation>验证（每轮）</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>loss (lower is better)</source>
        <translation>损失（越低越好）</translation>
    </message>
    <message>
        <source>accuracy (higher is better)</source>
        <translation>准确率（越高越好）</translation>
    </message>
    <message>
        <source>Training curves</source>
        <translation>训练曲线</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <source>perplexity (e^loss)</source>
        <translation>困惑度（e^损失）</translation>
    </message>
    <message>
        <source>perplexity</source>
        <translation>困惑度</translation>
    </message>
</context>
<context>
    <name>al::ui::CurvesPanel</name>
    <message>
        <source>The curves as PNG, SVG or PDF</source>
        <translation>把曲线保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Every point of the curves shown, as a CSV table</source>
        <translation>把所显示曲线的每个点保存为 CSV 表格</translation>
    </message>
    <message>
        <source>Save the curves</source>
        <translation>保存曲线</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Saved the numbers of the curves.</source>
        <translation>已保存曲线的数值。</translation>
    </message>
</context>
<context>
    <name>al::ui::DataSourcePicker</name>
    <message>
        <source>The training data: built in (works offline), or a folder, archive, CSV or TSV file chosen before</source>
        <translation>训练数据：内置数据（可离线使用），或之前选择过的文件夹、压缩包、CSV 或 TSV 文件</translation>
    </message>
    <message>
        <source>Open file…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>An aclImdb_v1.tar.gz archive, a CSV (review,sentiment) or a TSV (label, tab, text)</source>
        <translation>aclImdb_v1.tar.gz 压缩包、CSV 文件（review,sentiment）或 TSV 文件（标签、制表符、文本）</translation>
    </message>
    <message>
        <source>Open folder…</source>
        <translation>打开文件夹…</translation>
    </message>
    <message>
        <source>An aclImdb folder (train/pos, train/neg, test/pos, test/neg)</source>
        <translation>aclImdb 文件夹（train/pos、train/neg、test/pos、test/neg）</translation>
    </message>
    <message>
        <source>The rule of thumb of the book (Deep Learning with Python, ch. 11): divide the number of samples by the mean number of words per sample. Below about 1500, a bag-of-bigrams model tends to win; above, a sequence model such as the Transformer.</source>
        <translation>书中的经验法则（《Python 深度学习》第 11 章）：用样本数除以每个样本的平均词数。结果低于约 1500 时，二元语法袋模型往往更好；高于 1500 时，Transformer 这样的序列模型更好。</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Open training data</source>
        <translation>打开训练数据</translation>
    </message>
    <message>
        <source>Open an aclImdb folder</source>
        <translation>打开 aclImdb 文件夹</translation>
    </message>
    <message>
        <source>&lt;i&gt;Reading %1…&lt;/i&gt;</source>
        <translation>&lt;i&gt;正在读取 %1…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Could not read the data: %1</source>
        <translation>无法读取数据：%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; question–answer pairs to learn from (%2).</source>
        <translation>共有 &lt;b&gt;%1&lt;/b&gt; 个问答对可供学习（%2）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; texts to learn from (%2).</source>
        <translation>可供学习的文本共 &lt;b&gt;%1&lt;/b&gt; 篇（%2）。</translation>
    </message>
</context>
<context>
    <name>al::ui::DecoderControls</name>
    <message>
        <source>Transformer decoder</source>
        <translation>Transformer 解码器</translation>
    </message>
    <message>
        <source>Choose or train an encoder-decoder Transformer on the Chatbot or Train page.</source>
        <translation>请在“聊天机器人”或“训练”页面中选择或训练一个编码器-解码器 Transformer。</translation>
    </message>
    <message>
        <source>Which answer token is being chosen: the decoder reads &lt;start&gt; and the tokens before it</source>
        <translation>正在选择哪一个答案词元：解码器读入 &lt;start&gt; 和它前面的词元</translation>
    </message>
    <message>
        <source>Which decoder layer to take apart (the next-token step follows the last one)</source>
        <translation>要拆开讲解解码器的哪一层（“下一个词元”这一步接在最后一层之后）</translation>
    </message>
    <message>
        <source>Answer token</source>
        <translation>答案词元</translation>
    </message>
    <message>
        <source>Decoder layer</source>
        <translation>解码器层</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation>下一个词元</translation>
    </message>
    <message>
        <source>Append the chosen token and run the decoder again</source>
        <translation>把选出的词元接在后面，再运行一次解码器</translation>
    </message>
    <message>
        <source>Model: “%1”</source>
        <translation>模型：“%1”</translation>
    </message>
    <message>
        <source>No encoder-decoder Transformer yet: train one on the Train page (architecture Transformer) or on the Chatbot page.</source>
        <translation>还没有编码器-解码器 Transformer：请在训练页面（架构选 Transformer）或“聊天机器人”页面上训练一个。</translation>
    </message>
    <message>
        <source>Answer: %1</source>
        <translation>回答：%1</translation>
    </message>
</context>
<context>
    <name>al::ui::DownloadDialog</name>
    <message>
        <source>Download</source>
        <translation>下载</translation>
    </message>
</context>
<context>
    <name>al::ui::DownloadPanel</name>
    <message>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the download; what came so far is kept, and the next download continues from there</source>
        <translation>停止下载；已下载的部分会保留，下次下载将从这里继续</translation>
    </message>
    <message>
        <source>Downloaded and checked: %1</source>
        <translation>已下载并校验：%1</translation>
    </message>
    <message>
        <source>From %1
to %2</source>
        <translation>从 %1
到 %2</translation>
    </message>
    <message>
        <source>Will be saved as %1</source>
        <translation>将保存为 %1</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Try again</source>
        <translation>重试</translation>
    </message>
</context>
<context>
    <name>al::ui::EncoderControls</name>
    <message>
        <source>Layer</source>
        <translation>编码器层</translation>
    </message>
    <message>
        <source>Seeded toy layer</source>
        <translation>随机种子生成的玩具层</translation>
    </message>
    <message>
        <source>First layer of “%1”</source>
        <translation>“%1”的第一层</translation>
    </message>
    <message>
        <source>First layer of a trained model</source>
        <translation>已训练模型的第一层</translation>
    </message>
    <message>
        <source>Choose or train a model on the Attention page</source>
        <translation>请在“注意力”页面中选择或训练一个模型</translation>
    </message>
    <message>
        <source>D, the width of every token&apos;s vector</source>
        <translation>D：每个词元向量的维度</translation>
    </message>
    <message>
        <source>H, attention heads; each gets K = D / H columns</source>
        <translation>H：注意力头数；每个头分到 K = D / H 列</translation>
    </message>
    <message>
        <source>F, the hidden width of the feed-forward block</source>
        <translation>F：前馈模块的隐藏层宽度</translation>
    </message>
    <message>
        <source>Another seed gives other random weights and word vectors</source>
        <translation>换一个种子，就会得到另一组随机权重和词向量</translation>
    </message>
    <message>
        <source>sinusoidal</source>
        <translation>正弦</translation>
    </message>
    <message>
        <source>learned (random)</source>
        <translation>学习得到（随机初始化）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Width D</source>
        <translation>维度 D</translation>
    </message>
    <message>
        <source>Heads H</source>
        <translation>头数 H</translation>
    </message>
    <message>
        <source>Key dim K</source>
        <translation>键维度 K</translation>
    </message>
    <message>
        <source>Feed-forward F</source>
        <translation>前馈 F</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>padding</source>
        <translation>填充</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>Padding tokens appended for the padding mask</source>
        <translation>为演示填充掩码而追加的填充词元数</translation>
    </message>
    <message>
        <source>Divide the scores by √K</source>
        <translation>将分数除以 √K</translation>
    </message>
    <message>
        <source>Mask</source>
        <translation>掩码</translation>
    </message>
    <message>
        <source>Padding tokens</source>
        <translation>填充词元</translation>
    </message>
    <message>
        <source>%1 (D / H rounded down)</source>
        <translation>%1（D / H 向下取整）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Softmax sharpness&lt;/b&gt; (mean over rows; uniform entropy %1)</source>
        <translation>&lt;b&gt;Softmax 的尖锐程度&lt;/b&gt;（各行的平均；均匀分布的熵为 %1）</translation>
    </message>
    <message>
        <source>&lt;br&gt;head %1: entropy %2 with ÷√K, %3 without; largest weight %4 vs %5</source>
        <translation>&lt;br&gt;第 %1 个头：除以 √K 时熵为 %2，不除时为 %3；最大权重 %4 对比 %5</translation>
    </message>
    <message>
        <source>learned (trained)</source>
        <translation>学习得到（已训练）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
</context>
<context>
    <name>al::ui::ErrorBanner</name>
    <message>
        <source>Hide this message</source>
        <translation>隐藏此消息</translation>
    </message>
</context>
<context>
    <name>al::ui::FigureExportBar</name>
    <message>
        <source>Save picture…</source>
        <translation>保存图片…</translation>
    </message>
    <message>
        <source>Save numbers…</source>
        <translation>保存数值…</translation>
    </message>
    <message>
        <source>The whole tab as PNG, SVG or PDF</source>
        <translation>把整个标签页保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Every number of the grids, as a CSV table</source>
        <translation>把网格中的所有数值保存为 CSV 表格</translation>
    </message>
    <message>
        <source>view</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>value</source>
        <translation>数值</translation>
    </message>
</context>
<context>
    <name>al::ui::FileJobBar</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop waiting for this model; nothing is added</source>
        <translation>不再等待这个模型；不会添加任何内容</translation>
    </message>
    <message>
        <source>Cancelled; finishing the reading in the background…</source>
        <translation>已取消；正在后台完成读取…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
</context>
<context>
    <name>al::ui::FillPage</name>
    <message>
        <source>Fill in the blank</source>
        <translation>填空</translation>
    </message>
    <message>
        <source>Show me the masking</source>
        <translation>看看掩码是怎么做的</translation>
    </message>
    <message>
        <source>Does pre-training help?</source>
        <translation>预训练有帮助吗？</translation>
    </message>
    <message>
        <source>Train a toy model now</source>
        <translation>现在训练一个玩具模型</translation>
    </message>
    <message>
        <source>The toy masked-LM is ready</source>
        <translation>玩具掩码语言模型已就绪</translation>
    </message>
    <message>
        <source>Pick a masked-LM model above: train one on the Train page (task masked-lm), open a model directory, or train a toy model here in a few seconds.</source>
        <translation type="vanished">请在上方选择一个掩码语言模型：在训练页面上训练一个（任务选 masked-lm），打开一个模型目录，或者在这里花几秒钟训练一个玩具模型。</translation>
    </message>
    <message>
        <source>no masked-LM yet</source>
        <translation>还没有掩码语言模型</translation>
    </message>
    <message>
        <source>%1 words, %2 tokens, %3 layer(s) of %4 heads, hides %5 %</source>
        <translation>%1 个词，%2 个词元，%3 层，每层 %4 个头，遮住 %5 %</translation>
    </message>
    <message>
        <source>A masked-lm model directory saved by the Train page or by attentionlab-cli train mlm</source>
        <translation type="vanished">由训练页面或 attentionlab-cli train mlm 保存的 masked-lm 模型目录</translation>
    </message>
    <message>
        <source>The masked-lm tiny preset on the built-in reviews: a few seconds, on a worker thread</source>
        <translation type="vanished">在内置影评上使用 masked-lm 的 tiny 预设：只需几秒钟，在后台线程中进行</translation>
    </message>
    <message>
        <source>Type a sentence; write [MASK] where a word should be guessed</source>
        <translation>输入一个句子；在要猜的词的位置写 [MASK]</translation>
    </message>
    <message>
        <source>Fill the blanks</source>
        <translation>填空</translation>
    </message>
    <message>
        <source>The tokens as the model reads them. Click a word to hide it; click a blank to bring the word back.</source>
        <translation>模型读到的词元。点击一个词可以把它遮住；点击一个空位可以把词恢复。</translation>
    </message>
    <message>
        <source>Blank:</source>
        <translation>空位：</translation>
    </message>
    <message>
        <source>Attention from:</source>
        <translation>注意力来自：</translation>
    </message>
    <message>
        <source>Left: the words the model would put in the blank. Right: how much the blank&apos;s position looked at each word, on both sides of it (the row sums to 1).</source>
        <translation>左图：模型会填入空位的词。右图：空位所在位置对它左右两侧每个词的关注程度（整行之和为 1）。</translation>
    </message>
    <message>
        <source>opened</source>
        <translation type="vanished">已打开</translation>
    </message>
    <message>
        <source>Could not open %1: %2</source>
        <translation type="vanished">无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Open a masked-lm model directory</source>
        <translation type="vanished">打开 masked-lm 模型目录</translation>
    </message>
    <message>
        <source>Training a toy masked-LM on the built-in reviews…</source>
        <translation>正在用内置影评训练玩具掩码语言模型…</translation>
    </message>
    <message>
        <source>toy masked-LM</source>
        <translation>玩具掩码语言模型</translation>
    </message>
    <message>
        <source>Type a sentence, then click a word to hide it or write [MASK] where a word should be guessed.</source>
        <translation>输入一个句子，然后点击一个词把它遮住，或者在要猜的词的位置写 [MASK]。</translation>
    </message>
    <message>
        <source>The sentence has no words once punctuation is removed. Type a sentence with [MASK] in it.</source>
        <translation>去掉标点后，这个句子里没有词。请输入一个含有 [MASK] 的句子。</translation>
    </message>
    <message>
        <source>No blank within the first %1 tokens (the model reads no further): click a word below to hide it.</source>
        <translation>前 %1 个词元中没有空位（模型不会读得更远）：请点击下面的一个词把它遮住。</translation>
    </message>
    <message>
        <source>No blank yet: click a word below to hide it, or write [MASK] in the sentence.</source>
        <translation>还没有空位：请点击下面的一个词把它遮住，或者在句子中写 [MASK]。</translation>
    </message>
    <message numerus="yes">
        <source>%n token(s); click a word to hide it</source>
        <translation>
            <numerusform>%n 个词元；点击一个词可以把它遮住</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n word(s) in grey are not in the model&apos;s vocabulary: it reads them as [UNK].</source>
        <translation>
            <numerusform>灰色的 %n 个词不在模型的词表中：模型把它们读作 [UNK]。</numerusform>
        </translation>
    </message>
    <message>
        <source>Only the first %1 tokens are read (the model&apos;s sequence_length); the rest is cut off.</source>
        <translation>只读取前 %1 个词元（模型的 sequence_length）；其余部分被截掉。</translation>
    </message>
    <message>
        <source>%1 (word %2): %3</source>
        <translation>%1（第 %2 个词）：%3</translation>
    </message>
    <message>
        <source>layer %1, heads&apos; average</source>
        <translation>第 %1 层，各头的平均</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>Blank %1: the %2 most probable words (together %3 %)</source>
        <translation>空位 %1：最可能的 %2 个词（合计 %3 %）</translation>
    </message>
    <message>
        <source>Where the blank at word %1 looked (%2)</source>
        <translation>第 %1 个词处的空位关注了哪里（%2）</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>Pick a masked-LM model above: train one on the Train page (Masked language model), open a model directory, or train a toy model here in a few seconds.</source>
        <translation>请在上方选择一个掩码语言模型：在“训练”页训练一个（掩码语言模型），打开一个模型目录，或在这里用几秒钟训练一个玩具模型。</translation>
    </message>
    <message>
        <source>A masked language model saved by the Train page or by attentionlab-cli train mlm</source>
        <translation>由“训练”页或 attentionlab-cli train mlm 保存的掩码语言模型</translation>
    </message>
    <message>
        <source>The masked language model’s tiny preset on the built-in reviews: a few seconds, on a worker thread</source>
        <translation>掩码语言模型的 tiny 预设，在内置影评上训练：几秒钟，在工作线程上运行</translation>
    </message>
    <message>
        <source>“%1” is a model of the kind “%2”; this page fills in blanks with masked language models.</source>
        <translation type="vanished">“%1”是“%2”类模型；本页用掩码语言模型来填空。</translation>
    </message>
    <message>
        <source>Open a masked language model’s directory</source>
        <translation>打开掩码语言模型的目录</translation>
    </message>
    <message>
        <source>“%1” is ready on the Fill-in-the-blank page</source>
        <translation type="vanished">“%1”已在“填空”页面就绪</translation>
    </message>
    <message>
        <source>The toy model could not be trained: %1</source>
        <translation>无法训练玩具模型：%1</translation>
    </message>
    <message>
        <source>Next sentence?</source>
        <translation>下一句？</translation>
    </message>
    <message>
        <source>This BERT&apos;s checkpoint has no next-sentence head (cls.seq_relationship): it was saved without it. Open a BERT saved for pre-training, e.g. bert-base-uncased.</source>
        <translation>这个 BERT 的检查点没有下一句预测头（cls.seq_relationship）：保存时没有带上它。请打开为预训练保存的 BERT，例如 bert-base-uncased。</translation>
    </message>
    <message>
        <source>Next-sentence prediction needs a pretrained BERT: open or download one.</source>
        <translation>下一句预测需要一个预训练的 BERT：请打开或下载一个。</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit 透镜</translation>
    </message>
    <message>
        <source>Fill-in-the-blank</source>
        <translation>填空</translation>
    </message>
    <message>
        <source>this page fills in blanks with masked language models.</source>
        <translation>本页用掩码语言模型来填空。</translation>
    </message>
</context>
<context>
    <name>al::ui::FineTuneLayersBox</name>
    <message>
        <source>none (BERT frozen)</source>
        <translation>不微调（BERT 冻结）</translation>
    </message>
    <message>
        <source>How many of BERT&apos;s top layers learn with the sentiment head. 0 keeps BERT frozen: it reads each review once and only the head learns (fast). With 1 or more, BERT&apos;s lower layers still read each review once, and its top layers are trained on every batch (slower, and the saved model keeps its own copy of BERT).</source>
        <translation>BERT 最上面的几层与情感分类头一起学习。0 表示 BERT 冻结：它只读取每条评论一次，只有分类头在学习（快）。设为 1 或更多时，BERT 的下层仍只读取每条评论一次，上层则在每个批次上训练（较慢，保存的模型会带有自己的一份 BERT）。</translation>
    </message>
    <message>
        <source>Fine-tune top layers</source>
        <translation>微调顶部层数</translation>
    </message>
</context>
<context>
    <name>al::ui::GenerateControls</name>
    <message>
        <source>Temperature:</source>
        <translation>温度：</translation>
    </message>
    <message>
        <source>Divides the logits before the softmax: below 1 sharper, above 1 flatter; 0 takes the most probable token (greedy)</source>
        <translation>在 softmax 之前把 logits 除以温度：温度小于 1 分布更尖锐，大于 1 更平坦；0 直接取概率最大的词元（贪心）</translation>
    </message>
    <message>
        <source>0 (greedy)</source>
        <translation>0（贪心）</translation>
    </message>
    <message>
        <source>Top-k:</source>
        <translation>Top-k：</translation>
    </message>
    <message>
        <source>Draw only among the k most probable tokens (0: all)</source>
        <translation>只在概率最大的 k 个词元中抽取（0：全部）</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Top-p:</source>
        <translation>Top-p：</translation>
    </message>
    <message>
        <source>Draw only among the fewest most probable tokens whose probabilities reach p (1: all); after top-k</source>
        <translation>只在概率之和达到 p 的最少的高概率词元中抽取（1：全部）；在 top-k 之后应用</translation>
    </message>
    <message>
        <source>Seed:</source>
        <translation>种子：</translation>
    </message>
    <message>
        <source>The same seed draws the same tokens again (temperature above 0)</source>
        <translation>相同的种子会再次抽出相同的词元（温度大于 0 时）</translation>
    </message>
    <message>
        <source>Tokens per run:</source>
        <translation>每次生成词元数：</translation>
    </message>
    <message>
        <source>How many tokens Generate appends</source>
        <translation>“生成”一次追加多少个词元</translation>
    </message>
    <message>
        <source>Attention of layer:</source>
        <translation>注意力：第几层</translation>
    </message>
    <message>
        <source>head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <source>average of heads</source>
        <translation>各头平均</translation>
    </message>
</context>
<context>
    <name>al::ui::GeneratePage</name>
    <message>
        <source>no GPT-2 yet</source>
        <translation type="vanished">尚无 GPT-2 模型</translation>
    </message>
    <message>
        <source>A GPT-2 folder from Hugging Face (config.json, model.safetensors, vocab.json and merges.txt)</source>
        <translation type="vanished">来自 Hugging Face 的 GPT-2 文件夹（config.json、model.safetensors、vocab.json 和 merges.txt）</translation>
    </message>
    <message>
        <source>Open a GPT-2 folder above (Open model…) to let it write on from a prompt.</source>
        <translation type="vanished">请在上方打开一个 GPT-2 文件夹（打开模型…），让它从提示接着往下写。</translation>
    </message>
    <message>
        <source>Type the beginning of a text for the model to continue</source>
        <translation>输入一段文字的开头，让模型接着写</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation>下一个词元</translation>
    </message>
    <message>
        <source>Append the marked token and compute the one after it</source>
        <translation>追加标记的词元，并计算它之后的下一个</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Append a run of tokens, one forward pass each</source>
        <translation>连续追加一串词元，每个词元一次前向计算</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Forget the generated tokens and read the prompt again</source>
        <translation>丢弃已生成的词元，重新读取提示</translation>
    </message>
    <message>
        <source>probability</source>
        <translation>概率</translation>
    </message>
    <message>
        <source>“%1” is a model of the kind “%2”; this page generates text with GPT-2 models.</source>
        <translation type="vanished">“%1”是“%2”类模型；本页面用 GPT-2 模型生成文本。</translation>
    </message>
    <message>
        <source>Open a GPT-2 folder</source>
        <translation type="vanished">打开 GPT-2 文件夹</translation>
    </message>
    <message>
        <source>“%1” is ready on the Generate page</source>
        <translation>“%1”已在“生成”页面就绪</translation>
    </message>
    <message>
        <source>%1 tokens in the vocabulary, %2 positions, %3 layer(s) of %4 heads</source>
        <translation>词表 %1 个词元，%2 个位置，%3 层，每层 %4 个头</translation>
    </message>
    <message>
        <source>Type a prompt first: the model continues a text, it cannot start from nothing.</source>
        <translation>请先输入提示：模型是接着一段文字往下写，不能从空白开始。</translation>
    </message>
    <message>
        <source>The prompt is %1 tokens long; this model reads at most %2 (its positions). Shorten the prompt.</source>
        <translation>提示有 %1 个词元；这个模型最多读取 %2 个（它的位置数）。请缩短提示。</translation>
    </message>
    <message>
        <source>The model has read %1 tokens, all its positions: it cannot look further. Reset, or shorten the prompt.</source>
        <translation>模型已读取 %1 个词元，用完了所有位置，无法再往后看。请重置，或缩短提示。</translation>
    </message>
    <message>
        <source>The next token: the %1 most probable (▶ the one Next token appends: “%2”, %3 %)</source>
        <translation>下一个词元：概率最大的 %1 个（▶ 为“下一个词元”将追加的：“%2”，%3 %）</translation>
    </message>
    <message>
        <source>layer %1, average of heads</source>
        <translation>第 %1 层，各头平均</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <source>Where the newest token “%1” looked, itself and everything before it (%2)</source>
        <translation>最新的词元“%1”看向哪里：它自己及之前的所有词元（%2）</translation>
    </message>
    <message>
        <source>The prompt, then each generated token in alternating colours (the grey one after ▶: what Next token appends)</source>
        <translation>先是提示，然后每个生成的词元以交替的颜色显示（▶ 后的灰色词元：“下一个词元”将追加的词元）</translation>
    </message>
    <message>
        <source>no GPT yet</source>
        <translation>还没有 GPT</translation>
    </message>
    <message>
        <source>A GPT-2 folder from Hugging Face (config.json, model.safetensors, vocab.json and merges.txt), or a language model trained on the Train page</source>
        <translation>来自 Hugging Face 的 GPT-2 文件夹（config.json、model.safetensors、vocab.json 和 merges.txt），或在“训练”页训练的语言模型</translation>
    </message>
    <message>
        <source>Logit lens</source>
        <translation>Logit 透镜</translation>
    </message>
    <message>
        <source>“%1” is a model of the kind “%2”; this page generates text with GPT-2 folders and language models (GPT).</source>
        <translation>“%1”是“%2”类模型；本页用 GPT-2 文件夹和语言模型（GPT）生成文本。</translation>
    </message>
    <message>
        <source>Open a GPT-2 folder or a language model</source>
        <translation>打开 GPT-2 文件夹或语言模型</translation>
    </message>
    <message>
        <source>Open a GPT-2 folder or a language model above (Open model…), or train a “Language model (GPT)” on the Train page, to let it write on from a prompt.</source>
        <translation>在上方打开一个 GPT-2 文件夹或语言模型（打开模型…），或在“训练”页训练一个“语言模型（GPT）”，让它从提示接着写下去。</translation>
    </message>
    <message>
        <source>; Transformer-XL memory of %1 positions</source>
        <translation>；Transformer-XL 记忆 %1 个位置</translation>
    </message>
    <message>
        <source>; no Transformer-XL memory</source>
        <translation>；没有 Transformer-XL 记忆</translation>
    </message>
</context>
<context>
    <name>al::ui::HeadImportanceTab</name>
    <message>
        <source>“%1” is a model of the kind “%2”. “Which heads matter?” measures the accuracy of a classifier of reviews (train one on the Train page, or a toy model above).</source>
        <translation>“%1”是“%2”类模型。“哪些头重要？”测量的是影评分类器的准确率（可在“训练”页训练一个，或在上方训练一个玩具模型）。</translation>
    </message>
    <message>
        <source>Reading the reviews…</source>
        <translation>正在读取影评…</translation>
    </message>
    <message>
        <source>Measuring: every head on, then each head alone switched off…</source>
        <translation>正在测量：先打开所有头，再逐个单独关闭每个头…</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>The heads could not be measured: %1</source>
        <translation>无法测量这些头：%1</translation>
    </message>
    <message>
        <source>Layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>Head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Accuracy with this head switched off: %1 (every head on: %2). Double-click to switch it off on the Heatmaps tab.</source>
        <translation>关闭这个头后的准确率：%1（所有头打开时：%2）。双击即可在“热力图”标签页上关闭它。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Which heads matter?&lt;/b&gt; A map shows where a head looks; this measures whether the prediction needs what it finds there. Each head is switched off alone and the test accuracy measured again: the table gives the drop in points (red: the model needs the head; blue: it does as well or better without it).</source>
        <translation>&lt;b&gt;哪些头重要？&lt;/b&gt;热力图显示一个头看向哪里；这里测量的是预测是否需要它在那里找到的东西。每次单独关闭一个头，再测一次测试准确率：表格给出下降的百分点（红色：模型需要这个头；蓝色：没有它模型一样好甚至更好）。</translation>
    </message>
    <message>
        <source>Data:</source>
        <translation>数据：</translation>
    </message>
    <message>
        <source>test reviews of the model&apos;s data (%1)</source>
        <translation>模型所用数据的测试影评（%1）</translation>
    </message>
    <message>
        <source>the built-in reviews (their test split)</source>
        <translation>内置影评（其测试集）</translation>
    </message>
    <message>
        <source>Reviews:</source>
        <translation>影评数：</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>A switched-off head gives:</source>
        <translation>关闭的头输出：</translation>
    </message>
    <message>
        <source>zeros</source>
        <translation>零</translation>
    </message>
    <message>
        <source>its mean output</source>
        <translation>它的平均输出</translation>
    </message>
    <message>
        <source>Zeros also take away what a head always adds, which the layers after it may rely on; its mean output over the same reviews takes away only what it reads in each text.</source>
        <translation>置零还会拿走一个头总会加上的那部分，而后面的层可能依赖它；用它在同一批影评上的平均输出替代，则只拿走它在每段文本中读到的内容。</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Choose a classifier of reviews above.</source>
        <translation>请在上方选择一个影评分类器。</translation>
    </message>
    <message numerus="yes">
        <source>Accuracy with every head on: &lt;b&gt;%1&lt;/b&gt; over %n review(s); below, the drop in points with each head alone switched off (its output set to %2). Double-click a head to switch it off on the Heatmaps tab.</source>
        <translation>
            <numerusform>所有头打开时，在 %n 条影评上的准确率：&lt;b&gt;%1&lt;/b&gt;；下表是单独关闭每个头（其输出设为%2）后下降的百分点。双击一个头即可在“热力图”标签页上关闭它。</numerusform>
        </translation>
    </message>
    <message>
        <source>its mean</source>
        <translation>它的平均值</translation>
    </message>
    <message>
        <source>zero</source>
        <translation>零</translation>
    </message>
    <message>
        <source>In a sentiment head on BERT, a switched-off head of BERT gives zeros.</source>
        <translation>对于基于 BERT 的情感分类头，被关闭的 BERT 头输出为零。</translation>
    </message>
</context>
<context>
    <name>al::ui::HeatmapView</name>
    <message>
        <source>Save picture (PNG, SVG, PDF)…</source>
        <translation>保存图片（PNG、SVG、PDF）…</translation>
    </message>
    <message>
        <source>Save numbers as CSV…</source>
        <translation>将数值保存为 CSV…</translation>
    </message>
    <message>
        <source>Nothing to show yet.</source>
        <translation>暂无内容可显示。</translation>
    </message>
    <message>
        <source>row %1 “%2” → column %3 “%4”: %5</source>
        <translation>第 %1 行“%2” → 第 %3 列“%4”：%5</translation>
    </message>
    <message>
        <source>Reset zoom</source>
        <translation>重置缩放</translation>
    </message>
    <message>
        <source>Every token is named: drag to move through the %1 × %2 map, turn the wheel to zoom out.</source>
        <translation>所有词元都已标注：拖动可在 %1 × %2 的图中移动，滚动滚轮可缩小。</translation>
    </message>
    <message>
        <source> (%1 × an equal share of 1/%2)</source>
        <translation>（相当于平均份额 1/%2 的 %1 倍）</translation>
    </message>
    <message>
        <source>Maximise (Esc returns)</source>
        <translation>最大化（按 Esc 返回）</translation>
    </message>
    <message>
        <source>Where “%1” looks (%2)</source>
        <translation>“%1”在关注哪里（%2）</translation>
    </message>
</context>
<context>
    <name>al::ui::HyperParameterForm</name>
    <message>
        <source>A named set of hyper-parameters: tiny (seconds), classroom (minutes), book (the book&apos;s exact model). Every value below can still be changed.</source>
        <translation type="vanished">一组有名字的超参数：tiny（几秒钟）、classroom（几分钟）、book（与书中完全相同的模型）。下面的每个值仍然可以修改。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>A named set of hyper-parameters: tiny (seconds), classroom (minutes), book (the book&apos;s exact model), long-range (a language model with Transformer-XL&apos;s memory, chosen with the long-range text), referent-zh (a language model that learns what 它 refers to, chosen with that text). Every value below can still be changed.</source>
        <translation>一组有名字的超参数：tiny（几秒钟）、classroom（几分钟）、book（与书中完全相同的模型）、长距离（带 Transformer-XL 记忆的语言模型，选择长距离文本时自动选用）、中文指代（学会“它”指代什么的语言模型，选择该文本时自动选用）。下面的每个值仍然可以修改。</translation>
    </message>
</context>
<context>
    <name>al::ui::LanguageModelControls</name>
    <message>
        <source>Language model (GPT)</source>
        <translation>语言模型（GPT）</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="vanished">层</translation>
    </message>
    <message>
        <source>Which layer to take apart (the next-token step follows the last one)</source>
        <translation>拆开哪一层（下一个词元这一步跟在最后一层之后）</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation type="vanished">下一个词元</translation>
    </message>
    <message>
        <source>Append the most likely next token to the text and walk again</source>
        <translation>把最可能的下一个词元追加到文本并重新走一遍</translation>
    </message>
    <message>
        <source>Model: “%1”</source>
        <translation>模型：“%1”</translation>
    </message>
    <message>
        <source>Choose or train a language model (GPT) on the Generate or Train page.</source>
        <translation>请在“生成”或“训练”页选择或训练一个语言模型（GPT）。</translation>
    </message>
    <message>
        <source>No language model yet: train one on the Train page (task Language model) or open one on the Generate page.</source>
        <translation>还没有语言模型：在“训练”页训练一个（任务“语言模型”），或在“生成”页打开一个。</translation>
    </message>
    <message numerus="yes">
        <source>The model reads all %n token(s) of the text.</source>
        <translation>
            <numerusform>模型读取文本的全部 %n 个词元。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The model reads the last %1 of the text&apos;s %n tokens (its window).</source>
        <translation>
            <numerusform>模型读取文本 %n 个词元中的最后 %1 个（它的窗口）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Its memory holds each layer&apos;s inputs at the %n token(s) before them.</source>
        <translation>
            <numerusform>它的记忆保存每一层在这些词元之前 %n 个词元处的输入。</numerusform>
        </translation>
    </message>
    <message>
        <source>Most likely next token: “%1” (%2 %).</source>
        <translation>最可能的下一个词元：“%1”（%2 %）。</translation>
    </message>
</context>
<context>
    <name>al::ui::LessonFileError</name>
    <message>
        <source>%1, line %2: %3</source>
        <translation>%1，第 %2 行：%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>al::ui::LessonPreparation</name>
    <message>
        <source>toy, %1</source>
        <translation>玩具模型，%1</translation>
    </message>
    <message>
        <source>tiny %1 chatbot, %2</source>
        <translation>微型 %1 聊天机器人，%2</translation>
    </message>
    <message>
        <source>toy masked-LM</source>
        <translation>玩具掩码语言模型</translation>
    </message>
    <message>
        <source>%1 (prepared)</source>
        <translation>%1（已准备）</translation>
    </message>
</context>
<context>
    <name>al::ui::LessonView</name>
    <message>
        <source>Open in the app</source>
        <translation>在应用中打开</translation>
    </message>
    <message>
        <source>Set up this lesson&apos;s instrument with the lesson&apos;s settings</source>
        <translation>按本课的设置准备好本课的配套工具</translation>
    </message>
    <message>
        <source>Previous lesson</source>
        <translation>上一课</translation>
    </message>
    <message>
        <source>Next lesson</source>
        <translation>下一课</translation>
    </message>
    <message>
        <source>Lesson %1 of %2</source>
        <translation>第 %1/%2 课</translation>
    </message>
    <message>
        <source>Try this</source>
        <translation>动手试试</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>答案</translation>
    </message>
    <message>
        <source>Hide the answer</source>
        <translation>隐藏答案</translation>
    </message>
    <message>
        <source>Show the answer</source>
        <translation>显示答案</translation>
    </message>
</context>
<context>
    <name>al::ui::LessonsPage</name>
    <message>
        <source>Start here. Each lesson explains one idea of attention and Transformers in a few paragraphs, then sets up the instrument that shows it: press “Open in the app”, try what the lesson suggests, and answer its question. F11 presents a lesson to a class.</source>
        <translation>从这里开始。每一课用几段文字讲解注意力和 Transformer 的一个概念，然后准备好展示它的工具：按“在应用中打开”，照课中的建议试一试，再回答课后的问题。按 F11 可以把一课演示给全班。</translation>
    </message>
    <message>
        <source>Open a lesson file…</source>
        <translation>打开课程文件…</translation>
    </message>
    <message>
        <source>Add the lessons of a file of your own (the format is in the README)</source>
        <translation>添加你自己的课程文件中的课程（格式见 README）</translation>
    </message>
    <message>
        <source>This lesson file was not opened. %1</source>
        <translation>未打开这个课程文件。%1</translation>
    </message>
    <message>
        <source>Open a lesson file</source>
        <translation>打开课程文件</translation>
    </message>
    <message>
        <source>Lessons (*.lesson *.txt);;All files (*)</source>
        <translation>课程 (*.lesson *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Prepare lessons…</source>
        <translation>准备课程…</translation>
    </message>
    <message>
        <source>Before the class: train every model the lessons use, in the background, so that each lesson opens with its model trained</source>
        <translation>上课之前：在后台训练课程用到的每个模型，让每节课打开时模型已经训练好</translation>
    </message>
</context>
<context>
    <name>al::ui::LogitLensView</name>
    <message>
        <source>What would the model say if it stopped here? Each row sends one layer&apos;s state through the model&apos;s own output layer, darker the more probable (hover for the five best). The last row is the model&apos;s own prediction.</source>
        <translation>如果模型在这里停下，它会说什么？每一行把某一层的状态送进模型自己的输出层，颜色越深表示越可能（鼠标悬停可看最可能的五个）。最后一行就是模型自己的预测。</translation>
    </message>
    <message>
        <source>The logit lens reads masked-LM and language models (and a BERT with its masked-LM head).</source>
        <translation>Logit 透镜读取掩码语言模型和语言模型（以及带掩码语言模型头的 BERT）。</translation>
    </message>
    <message>
        <source>Type a sentence to see what each layer would predict.</source>
        <translation>输入一个句子，看看每一层会预测什么。</translation>
    </message>
    <message>
        <source>embeddings</source>
        <translation>嵌入</translation>
    </message>
    <message>
        <source>layer %1 (output)</source>
        <translation>第 %1 层（输出）</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>What would the model say if it stopped here? Each row sends one layer&apos;s state through the model&apos;s own output layer: the cell under a token is the token it would write next, after that one, darker the more probable (hover for the five best). The last row is the model&apos;s own prediction of each next token.</source>
        <translation>如果模型在这里停下，它会说什么？每一行把某一层的状态送进模型自己的输出层：某个词元下面的格子，是模型在它后面会接着写的词元，颜色越深表示越可能（鼠标悬停可看最可能的五个）。最后一行就是模型自己对每个下一个词元的预测。</translation>
    </message>
    <message>
        <source>What would the model say if it stopped here? Each row sends one layer&apos;s state through the model&apos;s own output layer: the cell under a token is the token it would guess at that very position (under a [MASK], the hidden word), darker the more probable (hover for the five best). The last row is the model&apos;s own guess.</source>
        <translation>如果模型在这里停下，它会说什么？每一行把某一层的状态送进模型自己的输出层：某个词元下面的格子，是模型对这个位置本身的猜测（[MASK] 下面就是被遮住的词），颜色越深表示越可能（鼠标悬停可看最可能的五个）。最后一行就是模型自己的猜测。</translation>
    </message>
</context>
<context>
    <name>al::ui::MainWindow</name>
    <message>
        <source>AttentionLab</source>
        <translation>AttentionLab</translation>
    </message>
    <message>
        <source>Train</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Train a model and watch it learn</source>
        <translation>训练一个模型，看它如何学习</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>See what attends to what</source>
        <translation>看看谁在关注谁</translation>
    </message>
    <message>
        <source>Step through</source>
        <translation>逐步演示</translation>
    </message>
    <message>
        <source>Self-attention one operation at a time</source>
        <translation>自注意力，一次演示一个运算</translation>
    </message>
    <message>
        <source>Fill in the blank</source>
        <translation>填空</translation>
    </message>
    <message>
        <source>BERT&apos;s masked language model: guess hidden words from both sides</source>
        <translation>BERT 的掩码语言模型：根据左右两侧的上下文猜出被遮住的词</translation>
    </message>
    <message>
        <source>Normalization</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>Layer normalization versus batch normalization</source>
        <translation>层归一化与批归一化的对比</translation>
    </message>
    <message>
        <source>raced</source>
        <translation type="vanished">比赛完成</translation>
    </message>
    <message>
        <source>Chatbot</source>
        <translation>聊天机器人</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="vanished">已停止</translation>
    </message>
    <message>
        <source>finished</source>
        <translation type="vanished">已完成</translation>
    </message>
    <message>
        <source>“%1” is ready on the Attention page</source>
        <translation type="vanished">“%1”已可在“注意力”页面中使用</translation>
    </message>
    <message>
        <source>“%1” is ready on the Chatbot page</source>
        <translation type="vanished">“%1”已可在“聊天机器人”页面中使用</translation>
    </message>
    <message>
        <source>“%1” is ready on the Fill-in-the-blank page</source>
        <translation type="vanished">“%1”已可在“填空”页面中使用</translation>
    </message>
    <message>
        <source>The GRU chatbot with additive attention, and the encoder-decoder Transformer</source>
        <translation>带加性注意力的 GRU 聊天机器人，以及编码器-解码器 Transformer</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Bahdanau vs Transformer on the same data and split</source>
        <translation>在相同数据和划分上对比 Bahdanau 注意力与 Transformer</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;data…</source>
        <translation>打开数据(&amp;D)…</translation>
    </message>
    <message>
        <source>Open &amp;model…</source>
        <translation>打开模型(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Save model…</source>
        <translation>保存模型(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Export figure…</source>
        <translation>导出图表(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Training</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About AttentionLab</source>
        <translation>关于 AttentionLab(&amp;A)</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Transformer-XL: segments and the cached memory they attend to</source>
        <translation>Transformer-XL：片段以及它们所关注的缓存记忆</translation>
    </message>
    <message>
        <source>A run is still training: quitting stops it, and its model is lost.</source>
        <translation>仍有一次运行正在训练：退出会停止它，其模型也会丢失。</translation>
    </message>
    <message>
        <source>These runs were never saved: %1. Their models and curves are lost when AttentionLab quits.</source>
        <translation>这些运行从未保存：%1。AttentionLab 退出后，它们的模型和曲线都会丢失。</translation>
    </message>
    <message>
        <source>Quit AttentionLab?</source>
        <translation>退出 AttentionLab？</translation>
    </message>
    <message>
        <source>Quit without saving</source>
        <translation>不保存，直接退出</translation>
    </message>
    <message>
        <source>&amp;Manual</source>
        <translation>使用手册(&amp;M)</translation>
    </message>
    <message>
        <source>Open &amp;lesson file…</source>
        <translation>打开课程文件(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Present</source>
        <translation>演示(&amp;P)</translation>
    </message>
    <message>
        <source>The page in view full screen, large fonts and high contrast, an opened lesson beside its instrument; PageDown / PageUp step, Esc leaves</source>
        <translation>当前页面全屏、大字体、高对比度，已打开的课程显示在工具旁边；PageDown / PageUp 翻页，Esc 退出</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <source>Start here: the course, one idea and one instrument at a time</source>
        <translation>从这里开始：整门课程，一次一个概念、一个工具</translation>
    </message>
    <message>
        <source>&amp;Vocabulary…</source>
        <translation>词表(&amp;V)…</translation>
    </message>
    <message>
        <source>The words the current model knows, with their ids and frequencies</source>
        <translation>当前模型认识的词，以及它们的编号和词频</translation>
    </message>
    <message>
        <source>Save these runs…</source>
        <translation>保存这些运行…</translation>
    </message>
    <message>
        <source>Choose a folder for the unsaved runs: %1</source>
        <translation>为未保存的运行选择文件夹：%1</translation>
    </message>
    <message>
        <source>Generate</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>GPT-2 writes on from a prompt, one token at a time</source>
        <translation type="vanished">GPT-2 从提示接着往下写，一次一个词元</translation>
    </message>
    <message>
        <source>Download a &amp;pretrained model…</source>
        <translation>下载预训练模型(&amp;P)…</translation>
    </message>
    <message>
        <source>A GPT writes on from a prompt, one token at a time</source>
        <translation>GPT 从提示接着写，一次一个词元</translation>
    </message>
    <message>
        <source>&amp;Prepare lessons…</source>
        <translation>准备课程(&amp;P)…</translation>
    </message>
    <message>
        <source>Train every model the lessons use before the class, in the background</source>
        <translation>上课之前在后台训练课程用到的每个模型</translation>
    </message>
    <message>
        <source>These models, trained on their pages, were never saved: %1. They are lost when AttentionLab quits.</source>
        <translation>这些在各自页面上训练的模型从未保存：%1。AttentionLab 退出后它们都会丢失。</translation>
    </message>
    <message>
        <source>Save these models…</source>
        <translation>保存这些模型…</translation>
    </message>
</context>
<context>
    <name>al::ui::ManualWindow</name>
    <message>
        <source>AttentionLab manual</source>
        <translation>AttentionLab 使用手册</translation>
    </message>
</context>
<context>
    <name>al::ui::MaskingView</name>
    <message>
        <source>replaced by [MASK] (80 %)</source>
        <translation>替换为 [MASK]（80 %）</translation>
    </message>
    <message>
        <source>replaced by a random word (10 %)</source>
        <translation>替换为随机词（10 %）</translation>
    </message>
    <message>
        <source>left unchanged (10 %)</source>
        <translation>保持不变（10 %）</translation>
    </message>
    <message>
        <source>New sample</source>
        <translation>换一个样本</translation>
    </message>
    <message>
        <source>Another training review, masked again with the training code&apos;s own function</source>
        <translation>换一条训练影评，用训练代码本身的函数重新做掩码</translation>
    </message>
    <message>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <source>The model sees</source>
        <translation>模型看到的</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Pick or train a masked-LM model above to see how its training hides words.</source>
        <translation>请在上方选择或训练一个掩码语言模型，看看它在训练中如何遮住词。</translation>
    </message>
    <message>
        <source>A review of the built-in training corpus, read by this model&apos;s tokenizer. Training hides %1 % of its tokens and asks the model for the original word at exactly those positions (coloured): most become [MASK], some a random word, some stay as they were, so that the model cannot learn that only [MASK] positions matter.</source>
        <translation>内置训练语料中的一条影评，由这个模型的分词器读入。训练时遮住其中 %1 % 的词元，并要求模型恰好在这些位置（彩色标出）说出原来的词：大多数换成 [MASK]，一些换成随机词，一些保持原样，这样模型就不会学到“只有 [MASK] 的位置才重要”。</translation>
    </message>
    <message>
        <source>Training text:</source>
        <translation>训练文本：</translation>
    </message>
    <message>
        <source>The model sees:</source>
        <translation>模型看到的：</translation>
    </message>
    <message>
        <source>The same function over %1 tokens of the corpus: %2 % chosen; of those %3 % became [MASK], %4 % a random word, %5 % stayed unchanged.</source>
        <translation>同一个函数作用于语料中的 %1 个词元：选中了 %2 %；其中 %3 % 换成了 [MASK]，%4 % 换成了随机词，%5 % 保持不变。</translation>
    </message>
</context>
<context>
    <name>al::ui::MatrixView</name>
    <message>
        <source>Save picture...</source>
        <translation>保存图片...</translation>
    </message>
    <message>
        <source>Save numbers as CSV...</source>
        <translation>将数值保存为 CSV...</translation>
    </message>
</context>
<context>
    <name>al::ui::MaximisedHeatmap</name>
    <message>
        <source>Esc returns to the page. Left and right: another head; PageUp and PageDown: another layer; click a row&apos;s token to pin its weights as bars, Up and Down move the pin.</source>
        <translation>按 Esc 返回页面。左右方向键：换一个头；PageUp 和 PageDown：换一层；点击某一行的词元，把它的权重固定显示为条形图，上下方向键移动固定的行。</translation>
    </message>
    <message>
        <source>Esc returns to the page. Click a row&apos;s token to pin its weights as bars.</source>
        <translation>按 Esc 返回页面。点击某一行的词元，把它的权重固定显示为条形图。</translation>
    </message>
</context>
<context>
    <name>al::ui::MemoryPage</name>
    <message>
        <source>Segment length</source>
        <translation>片段长度</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Segment %1, word %2: its query reads %3 of its own segment&apos;s words and nothing before. Without the memory no layer sees past the segment&apos;s start, however many layers there are.</source>
        <translation>第 %1 个片段，第 %2 个词：它的查询读取本片段的 %3 个词，之前的一概读不到。没有记忆时，不管有多少层，都没有哪一层能看到片段开头之前的内容。</translation>
    </message>
    <message>
        <source>Recurrence (cache earlier segments&apos; hidden states)</source>
        <translation>循环（缓存之前片段的隐藏状态）</translation>
    </message>
    <message>
        <source>Segment %1, word %2: its query reads %3 of its own segment&apos;s words and the cached hidden states of the %4 words before the segment (the memory keeps the last %5, here from %6 earlier segment(s)). Stacked over %7 layers, the top layer can draw on up to %8 words.</source>
        <translation>第 %1 个片段，第 %2 个词：它的查询读取本片段的 %3 个词，以及片段开头之前 %4 个词缓存下来的隐藏状态（记忆最多保存最近 %5 个，这里来自前面 %6 个片段）。叠加 %7 层后，最上面一层最多能用到 %8 个词。</translation>
    </message>
    <message>
        <source>no language model yet</source>
        <translation>尚无语言模型</translation>
    </message>
    <message>
        <source>A language model (GPT) trained on the Train page, with or without a memory</source>
        <translation>在“训练”页训练的语言模型（GPT），有无记忆均可</translation>
    </message>
    <message>
        <source>Diagram</source>
        <translation>示意图</translation>
    </message>
    <message>
        <source>Trained model</source>
        <translation>训练好的模型</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>头</translation>
    </message>
    <message>
        <source>The model reads this text segment after segment; press Enter to read it again</source>
        <translation>模型逐个片段读这段文本；按回车键重新读取</translation>
    </message>
    <message>
        <source>“%1” is a model of the kind “%2”; this page shows the attention of language models (GPT) trained here.</source>
        <translation type="vanished">“%1”是“%2”类模型；本页显示在这里训练的语言模型（GPT）的注意力。</translation>
    </message>
    <message>
        <source>Open a language model</source>
        <translation>打开语言模型</translation>
    </message>
    <message>
        <source>“%1” is ready on the Memory page</source>
        <translation type="vanished">“%1”已在“记忆”页面就绪</translation>
    </message>
    <message>
        <source>segments of %1 tokens, memory of %2, %3 layer(s) of %4 heads</source>
        <translation>每个片段 %1 个词元，记忆 %2 个，%3 层，每层 %4 个头</translation>
    </message>
    <message>
        <source>average</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <source>Open a language model above, or train a “Language model (GPT)” on the Train page (Transformer-XL: relative positions and a memory), to see its real attention over the memory and the segment.</source>
        <translation>在上方打开一个语言模型，或在“训练”页训练一个“语言模型（GPT）”（Transformer-XL：相对位置加记忆），即可看到它在记忆和本片段上的真实注意力。</translation>
    </message>
    <message>
        <source>space</source>
        <translation>空格</translation>
    </message>
    <message>
        <source>the heads&apos; average</source>
        <translation>各头的平均</translation>
    </message>
    <message>
        <source>Layer %1, %2: the query “%3” (token %4 of the text) reads only the %5 token(s) of its segment up to itself: this model keeps no memory of the segments before (blue: the segment). Click a token of the segment to choose the query.</source>
        <translation>第 %1 层，%2：查询“%3”（文本的第 %4 个词元）只读取本片段中到它为止的 %5 个词元：这个模型不保留前面各片段的记忆（蓝色：本片段）。点击本片段的词元可选择查询。</translation>
    </message>
    <message>
        <source>Layer %1, %2: the query “%3” (token %4 of the text) gives %5 % of its attention to the memory&apos;s %6 tokens (hatched: the cached states of the segments before) and %7 % to the %8 token(s) of its own segment up to itself (blue, of %9). Shade and arcs: the weights, the darkest the largest. Click a token of the segment to choose the query.</source>
        <translation>第 %1 层，%2：查询“%3”（文本的第 %4 个词元）把 %5 % 的注意力给了记忆中的 %6 个词元（阴影线：前面各片段缓存的状态），%7 % 给了本片段中到它为止的 %8 个词元（蓝色，本片段共 %9 个）。底色和弧线表示权重，越深越大。点击本片段的词元可选择查询。</translation>
    </message>
    <message>
        <source>this page shows the attention of language models (GPT) trained here.</source>
        <translation>本页显示在这里训练的语言模型（GPT）的注意力。</translation>
    </message>
    <message>
        <source>Step %1 of training: the maps recorded then. </source>
        <translation>训练第 %1 步：当时记录下的注意力图。</translation>
    </message>
</context>
<context>
    <name>al::ui::ModelBar</name>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>正在训练…</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>例句</translation>
    </message>
    <message>
        <source>Sentences the model knows every word of: pick one to put it into the input</source>
        <translation>模型认识其中每个词的句子：选一句放入输入框</translation>
    </message>
    <message>
        <source>Vocabulary…</source>
        <translation>词表…</translation>
    </message>
    <message>
        <source>The words the model knows: search a word for its id and frequency, or type a sentence to see which of its words are unknown</source>
        <translation>模型认识的词：搜索一个词可看它的编号和词频，输入一个句子可看其中哪些词是未知词</translation>
    </message>
    <message>
        <source>Sentences it knows every word of</source>
        <translation>它认识其中每个词的句子</translation>
    </message>
    <message>
        <source>From the lessons (some words may be unknown)</source>
        <translation>来自课程（部分词可能是未知词）</translation>
    </message>
</context>
<context>
    <name>al::ui::ModelDownloadDialog</name>
    <message>
        <source>English BERT base (12 layers, 110M parameters), about 440 MB</source>
        <translation>英文 BERT base（12 层，1.1 亿参数），约 440 MB</translation>
    </message>
    <message>
        <source>Chinese BERT base (12 layers), about 410 MB</source>
        <translation>中文 BERT base（12 层），约 410 MB</translation>
    </message>
    <message>
        <source>GPT-2 small (12 layers, 124M parameters), about 550 MB</source>
        <translation>GPT-2 small（12 层，1.24 亿参数），约 550 MB</translation>
    </message>
    <message>
        <source>DistilGPT-2 (6 layers), about 350 MB</source>
        <translation>DistilGPT-2（6 层），约 350 MB</translation>
    </message>
    <message>
        <source>Chinese GPT-2 (12 layers), about 420 MB</source>
        <translation>中文 GPT-2（12 层），约 420 MB</translation>
    </message>
    <message>
        <source>Download a pretrained model</source>
        <translation>下载预训练模型</translation>
    </message>
    <message>
        <source>A model from the Hugging Face hub (or the mirror $HF_ENDPOINT names), read once downloaded, offline. Pick one or type OWNER/NAME; a cut or cancelled download resumes.</source>
        <translation>从 Hugging Face 模型库（或 $HF_ENDPOINT 指定的镜像）下载模型，下载一次后可离线读取。选一个，或输入 OWNER/NAME；中断或取消的下载会从断点继续。</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>OWNER/NAME, e.g. bert-base-chinese</source>
        <translation>OWNER/NAME，例如 bert-base-chinese</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Downloading %1…</source>
        <translation>正在下载 %1…</translation>
    </message>
    <message>
        <source>%1 of %2 MB</source>
        <translation>%1 / %2 MB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>, %1 MB/s</source>
        <translation>，%1 MB/s</translation>
    </message>
    <message>
        <source>, %1:%2 left</source>
        <translation>，还剩 %1:%2</translation>
    </message>
    <message>
        <source>Cancelled. Download again to go on from where it stopped.</source>
        <translation>已取消。再次点击下载，会从停下的地方继续。</translation>
    </message>
    <message>
        <source>The download failed: %1</source>
        <translation>下载失败：%1</translation>
    </message>
    <message>
        <source>Downloaded to %1; opening it.</source>
        <translation>已下载到 %1，正在打开。</translation>
    </message>
</context>
<context>
    <name>al::ui::ModelFileJob</name>
    <message>
        <source>opened</source>
        <translation>已打开</translation>
    </message>
</context>
<context>
    <name>al::ui::ModelPage</name>
    <message>
        <source>Training a toy model…</source>
        <translation>正在训练玩具模型…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the training; no model is added</source>
        <translation>停止训练；不添加任何模型</translation>
    </message>
    <message>
        <source>Toy model training cancelled</source>
        <translation>玩具模型的训练已取消</translation>
    </message>
    <message>
        <source>“%1” is a model of the kind “%2”; %3</source>
        <translation>“%1”是“%2”类模型；%3</translation>
    </message>
    <message>
        <source>“%1” is ready on the %2 page</source>
        <translation>“%1”已在“%2”页面就绪</translation>
    </message>
</context>
<context>
    <name>al::ui::NextSentenceView</name>
    <message>
        <source>BERT&apos;s second pre-training task: it was shown pairs of sentences where half the time B really came next in the text (IsNext) and half the time B was a random sentence from elsewhere (NotNext), and learned to tell which. Its answer for your two sentences:</source>
        <translation>BERT 的第二个预训练任务：给它看成对的句子，一半时候 B 确实是原文中紧接着的下一句（“IsNext”），另一半时候 B 是从别处随机取的句子（“NotNext”），它学会分辨这两种情况。它对你这两句话的回答：</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>示例：</translation>
    </message>
    <message>
        <source>Pick a pair…</source>
        <translation>选一对句子…</translation>
    </message>
    <message>
        <source>English, B follows A</source>
        <translation>英文，B 接在 A 后面</translation>
    </message>
    <message>
        <source>English, B does not follow A</source>
        <translation>英文，B 不接在 A 后面</translation>
    </message>
    <message>
        <source>Chinese, B follows A</source>
        <translation>中文，B 接在 A 后面</translation>
    </message>
    <message>
        <source>Chinese, B does not follow A</source>
        <translation>中文，B 不接在 A 后面</translation>
    </message>
    <message>
        <source>Sentence A:</source>
        <translation>句子 A：</translation>
    </message>
    <message>
        <source>Sentence B:</source>
        <translation>句子 B：</translation>
    </message>
    <message>
        <source>Does B follow A?</source>
        <translation>B 接在 A 后面吗？</translation>
    </message>
    <message>
        <source>B follows A:</source>
        <translation>B 接在 A 后面：</translation>
    </message>
    <message>
        <source>The probability the next-sentence head gives to IsNext; 1 minus it is NotNext</source>
        <translation>下一句预测头给“IsNext”的概率；1 减去它就是“NotNext”的概率</translation>
    </message>
    <message>
        <source>Type two sentences: A, and B that may or may not follow it.</source>
        <translation>请输入两个句子：A，以及可能接在它后面、也可能不接的 B。</translation>
    </message>
    <message>
        <source>Reading the two sentences…</source>
        <translation>正在读这两个句子…</translation>
    </message>
    <message numerus="yes">
        <source>%n piece(s) read: [CLS] A [SEP] B [SEP]</source>
        <translation>
            <numerusform>读了 %n 个词元：[CLS] A [SEP] B [SEP]</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>al::ui::NormRace</name>
    <message>
        <source>&lt;b&gt;The claim:&lt;/b&gt; batch normalization does not work well on sequences; layer normalization, which normalizes each word on its own, does. &lt;b&gt;The test:&lt;/b&gt; two IMDB Transformer encoders that differ only in their normalization train side by side: same reviews, same split, same seed (so the same first weights and the same batches), one processor core each. Then both are tested on reviews they never saw.</source>
        <translation>&lt;b&gt;论断：&lt;/b&gt;批归一化在序列上效果不好；层归一化对每个词单独归一化，效果好。&lt;b&gt;检验：&lt;/b&gt;两个只有归一化方式不同的 IMDB Transformer 编码器同时训练：相同的影评、相同的数据划分、相同的随机种子（因此初始权重和批次也都相同），各用一个处理器核心。然后两者都在从未见过的影评上测试。</translation>
    </message>
    <message>
        <source>Press &lt;b&gt;Start race&lt;/b&gt;. On the built-in reviews the race takes well under a minute; on the real IMDB archive with the classroom preset, several minutes.</source>
        <translation>请按&lt;b&gt;开始比赛&lt;/b&gt;。在内置影评上，比赛用时远不到一分钟；在真实的 IMDB 压缩包上使用 classroom 预设，则需要几分钟。</translation>
    </message>
    <message>
        <source>The reviews both encoders learn from. Use Choose… for the real IMDB archive (aclImdb_v1.tar.gz) or an aclImdb folder.</source>
        <translation>两个编码器共同学习的影评。用“选择…”来选择真实的 IMDB 压缩包（aclImdb_v1.tar.gz）或 aclImdb 文件夹。</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>tiny: seconds, for the built-in reviews. classroom: minutes, for real IMDB. book: the source text&apos;s exact model (slow).</source>
        <translation>tiny：几秒钟，用于内置影评。classroom：几分钟，用于真实的 IMDB 数据。book：与原书完全相同的模型（较慢）。</translation>
    </message>
    <message>
        <source>The budget: both encoders get exactly this many passes over the training data.</source>
        <translation>训练预算：两个编码器都在训练数据上完整训练这么多遍。</translation>
    </message>
    <message>
        <source>Decides the first weights, the split and the order of the batches, the same for both runs. Another seed is another throw of the dice: race again to see whether a lead holds.</source>
        <translation>决定初始权重、数据划分和批次顺序，两次运行完全相同。换一个种子就像重新掷一次骰子：再比一次，看看领先是否依然成立。</translation>
    </message>
    <message>
        <source>Start race</source>
        <translation>开始比赛</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Reviews for the race</source>
        <translation>比赛用的影评</translation>
    </message>
    <message>
        <source>layer norm</source>
        <translation>层归一化</translation>
    </message>
    <message>
        <source>batch norm</source>
        <translation>批归一化</translation>
    </message>
    <message>
        <source>reading the reviews and building the model…</source>
        <translation>正在读取影评并构建模型…</translation>
    </message>
    <message>
        <source>Race started: layer norm against batch norm, %1 preset, %2 epochs each</source>
        <translation>比赛开始：层归一化对阵批归一化，%1 预设，各训练 %2 轮</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Race paused</source>
        <translation>比赛已暂停</translation>
    </message>
    <message>
        <source>Race resumed</source>
        <translation>比赛已继续</translation>
    </message>
    <message>
        <source>epoch %1 of %2, batch %3 of %4 · smoothed loss %5 · accuracy %6</source>
        <translation>第 %1/%2 轮，第 %3/%4 批次 · 平滑损失 %5 · 准确率 %6</translation>
    </message>
    <message>
        <source>trained %1 epochs; now tested on reviews it has never seen…</source>
        <translation>已训练 %1 轮；现在在从未见过的影评上测试…</translation>
    </message>
    <message>
        <source>done, %1 of the test reviews right.</source>
        <translation>完成，测试影评的正确率为 %1。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The race could not start:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;比赛无法开始：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>&lt;b&gt;The race ended early:&lt;/b&gt; the %1 run failed: %2&lt;br&gt;A loss that becomes NaN usually means the learning rate is too high for this model.</source>
        <translation>&lt;b&gt;比赛提前结束：&lt;/b&gt;%1 的运行失败了：%2&lt;br&gt;损失变成 NaN 通常说明学习率对这个模型来说太高了。</translation>
    </message>
    <message>
        <source>Race stopped after %1 (layer norm) and %2 (batch norm) of %3 epochs. A verdict needs the full budget for both: press &lt;b&gt;Start race&lt;/b&gt; to run it again.</source>
        <translation>比赛在 %3 轮中进行到 %1 轮（层归一化）和 %2 轮（批归一化）时停止。要得出结论，两者都需要完整的训练预算：请按&lt;b&gt;开始比赛&lt;/b&gt;重新运行。</translation>
    </message>
    <message>
        <source>Race finished: layer norm %1, batch norm %2 right on the test reviews</source>
        <translation>比赛结束：测试影评正确率，层归一化 %1，批归一化 %2</translation>
    </message>
    <message>
        <source>race %1 %2</source>
        <translation>比赛 %1 %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Result on %1 test reviews&lt;/b&gt; (never seen in training), after %2 epochs each: &lt;b style=&apos;color:%3&apos;&gt;layer norm %4&lt;/b&gt;, &lt;b style=&apos;color:%5&apos;&gt;batch norm %6&lt;/b&gt; right (best validation accuracy %7 and %8).&lt;br&gt;</source>
        <translation>&lt;b&gt;在 %1 条测试影评上的结果&lt;/b&gt;（训练中从未见过），各训练 %2 轮后的正确率：&lt;b style=&apos;color:%3&apos;&gt;层归一化 %4&lt;/b&gt;，&lt;b style=&apos;color:%5&apos;&gt;批归一化 %6&lt;/b&gt;（最佳验证准确率分别为 %7 和 %8）。&lt;br&gt;</translation>
    </message>
    <message>
        <source>In the last epoch, layer norm got %1 of its training batches right and %2 of the held-out validation reviews; batch norm %3 and %4. </source>
        <translation>在最后一轮中，层归一化在训练批次上的正确率为 %1，在留出的验证影评上为 %2；批归一化分别为 %3 和 %4。 </translation>
    </message>
    <message>
        <source>Batch norm loses more between the two. One reason: in training it normalizes with the current batch&apos;s statistics, on new reviews with averages collected during training, and they are not the same. </source>
        <translation>批归一化在两者之间下降得更多。原因之一：训练时它用当前批次的统计量做归一化，而在新影评上用的是训练中累积的平均值，两者并不相同。 </translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 won&lt;/b&gt; by %2 percentage points: it classified %3 more of the %4 reviews correctly (race again with another seed to see whether the lead holds). </source>
        <translation>&lt;b&gt;%1 获胜&lt;/b&gt;，领先 %2 个百分点：在 %4 条影评中多分对了 %3 条（换一个种子再比一次，看看领先是否依然成立）。 </translation>
    </message>
    <message>
        <source>&lt;b&gt;A draw&lt;/b&gt;: %1 is ahead by %2 points (%3 reviews), but results measured on %4 reviews wobble by about ±%5 points by chance alone, so this gap could be luck. </source>
        <translation>&lt;b&gt;平局&lt;/b&gt;：%1 领先 %2 个百分点（%3 条影评），但在 %4 条影评上测得的结果，单凭偶然就会波动约 ±%5 个百分点，所以这个差距可能只是运气。 </translation>
    </message>
    <message>
        <source>This agrees with the claim. Batch norm averages each feature over all the words of the batch, so a review&apos;s numbers depend on which other reviews (long or short) share its batch, and at test time it must fall back on averages collected during training. Layer norm normalizes each word&apos;s vector on its own, the same way in training and in testing.</source>
        <translation>这与论断一致。批归一化把每个特征在批次的所有词上求平均，所以一条影评的数值取决于与它同批次的其他影评（是长还是短），而测试时它只能退而使用训练中累积的平均值。层归一化对每个词的向量单独归一化，训练和测试时的做法完全相同。</translation>
    </message>
    <message>
        <source>Try the classroom preset on the real IMDB archive.</source>
        <translation>试试在真实的 IMDB 压缩包上使用 classroom 预设。</translation>
    </message>
    <message>
        <source>Try more epochs, or another seed to see how much the result moves.</source>
        <translation>试试更多轮数，或者换一个种子，看看结果会变化多少。</translation>
    </message>
    <message>
        <source>This goes against the claim, on this data and budget. The claim is a rule of thumb: batch statistics over many words can work when batches are large and reviews alike; the trouble grows with small batches, very different lengths and the gap between training and test statistics. </source>
        <translation>在这份数据和这个预算下，结果与论断相反。这个论断只是经验法则：当批次较大、影评彼此相似时，在许多词上计算批次统计量也可以奏效；批次越小、长度差异越大、训练与测试统计量之间的差距越大，问题就越明显。 </translation>
    </message>
    <message>
        <source>On this data and budget the race does not show the difference the claim predicts: both normalizations learned the task. The claim is about harder conditions: real reviews of very different lengths, small batches, longer training. </source>
        <translation>在这份数据和这个预算下，比赛没有显示出论断所预测的差异：两种归一化都学会了这个任务。这个论断针对的是更困难的条件：长度差异很大的真实影评、小批次、更长的训练。 </translation>
    </message>
    <message>
        <source>Batch norm counts</source>
        <translation>批归一化统计</translation>
    </message>
    <message>
        <source>real words only</source>
        <translation>只计真实的词</translation>
    </message>
    <message>
        <source>padding too (Keras)</source>
        <translation>也计入填充（Keras）</translation>
    </message>
    <message>
        <source>Keras pads every review to the sequence length, and a BatchNormalization layer that no mask reaches (as in the book&apos;s encoder) takes its statistics over the padding too, so short reviews are normalized with numbers that are mostly padding. Choose it to race that batch norm.</source>
        <translation>Keras 把每条影评都填充到序列长度；收不到掩码的 BatchNormalization 层（书中的编码器就是这样）在计算统计量时也把填充算进去，因此短影评是用大部分来自填充的数值来归一化的。选择此项，让这种批归一化参加比赛。</translation>
    </message>
    <message>
        <source>batch norm, padding counted</source>
        <translation>批归一化，计入填充</translation>
    </message>
</context>
<context>
    <name>al::ui::NormalizationPage</name>
    <message>
        <source>Both compute &lt;i&gt;(x − mean) / √(variance + ε)&lt;/i&gt;, over different numbers: &lt;b style=&apos;color:%1&apos;&gt;layer normalization&lt;/b&gt; along each row (one sample or token), &lt;b style=&apos;color:%2&apos;&gt;batch normalization&lt;/b&gt; along each column (one feature, over the batch). Click a cell to outline both.</source>
        <translation>两者都计算 &lt;i&gt;(x − 均值) / √(方差 + ε)&lt;/i&gt;，只是针对不同的数：&lt;b style=&apos;color:%1&apos;&gt;层归一化&lt;/b&gt;沿每一行（一个样本或词元），&lt;b style=&apos;color:%2&apos;&gt;批归一化&lt;/b&gt;沿每一列（一个特征，跨整个批次）。点击一个格子，即可同时框出这两个范围。</translation>
    </message>
    <message>
        <source>Samples × features</source>
        <translation>样本 × 特征</translation>
    </message>
    <message>
        <source>Sequences, padded</source>
        <translation>序列（含填充）</translation>
    </message>
    <message>
        <source>Race</source>
        <translation>比赛</translation>
    </message>
    <message>
        <source>Example</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Back to lesson 5&apos;s tensor, [[1, 2, 3], [4, 5, 6]]</source>
        <translation>恢复为第 5 课的张量 [[1, 2, 3], [4, 5, 6]]</translation>
    </message>
    <message>
        <source>Input: samples × features (editable)</source>
        <translation>输入：样本 × 特征（可编辑）</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Statistics of each row</source>
        <translation>每一行的统计量</translation>
    </message>
    <message>
        <source>Statistics of each column</source>
        <translation>每一列的统计量</translation>
    </message>
    <message>
        <source>Moving averages</source>
        <translation>滑动平均</translation>
    </message>
    <message>
        <source>Last batch fed</source>
        <translation>最近送入的批次</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>Features</source>
        <translation>特征</translation>
    </message>
    <message>
        <source>Double-click a cell to type a number.</source>
        <translation>双击一个格子即可输入数字。</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:%1&apos;&gt;Layer normalization&lt;/b&gt;: along each row</source>
        <translation>&lt;b style=&apos;color:%1&apos;&gt;层归一化&lt;/b&gt;：沿每一行</translation>
    </message>
    <message>
        <source>Each sample is normalized on its own, over its features. No other sample is involved, so training and inference compute the same thing, and a batch of one works.</source>
        <translation>每个样本在自己的各个特征上单独归一化。不涉及其他样本，所以训练和推理时的计算完全相同，批次中只有一个样本也没问题。</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:%1&apos;&gt;Batch normalization&lt;/b&gt;: along each column</source>
        <translation>&lt;b style=&apos;color:%1&apos;&gt;批归一化&lt;/b&gt;：沿每一列</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Inference</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Statistics of this batch</source>
        <translation>本批次的统计量</translation>
    </message>
    <message>
        <source>The moving averages gathered from earlier training batches</source>
        <translation>由之前各训练批次累积的滑动平均</translation>
    </message>
    <message>
        <source>Next batch</source>
        <translation>下一批次</translation>
    </message>
    <message>
        <source>Feed a training batch (this tensor plus noise): the moving averages take one step</source>
        <translation>送入一个训练批次（这个张量加上噪声）：滑动平均更新一步</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Moving mean 0, moving variance 1, as before training</source>
        <translation>滑动均值为 0，滑动方差为 1，与训练前一样</translation>
    </message>
    <message>
        <source>Momentum</source>
        <translation>动量</translation>
    </message>
    <message>
        <source>sample %1</source>
        <translation>样本 %1</translation>
    </message>
    <message>
        <source>feature %1</source>
        <translation>特征 %1</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>variance</source>
        <translation>方差</translation>
    </message>
    <message>
        <source>batch mean</source>
        <translation>批次均值</translation>
    </message>
    <message>
        <source>batch variance</source>
        <translation>批次方差</translation>
    </message>
    <message>
        <source>moving mean</source>
        <translation>滑动均值</translation>
    </message>
    <message>
        <source>moving variance</source>
        <translation>滑动方差</translation>
    </message>
    <message numerus="yes">
        <source>Each column&apos;s mean and variance over the %n sample(s) of this batch.</source>
        <translation>
            <numerusform>每一列在本批次 %n 个样本上的均值和方差。</numerusform>
        </translation>
    </message>
    <message>
        <source>The moving averages, whatever this batch holds: what a trained model uses when it predicts one sample at a time.</source>
        <translation>滑动平均，与本批次的内容无关：训练好的模型逐个样本预测时使用的就是它。</translation>
    </message>
    <message numerus="yes">
        <source>After %n batch(es). Each training batch moves them: &lt;i&gt;m ← %1·m + %2·(batch statistic)&lt;/i&gt;.</source>
        <translation>
            <numerusform>已送入 %n 个批次。每个训练批次都会更新它们：&lt;i&gt;m ← %1·m + %2·(批次统计量)&lt;/i&gt;。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>al::ui::PaddedSequencesTab</name>
    <message>
        <source>Padding counted</source>
        <translation>计入填充</translation>
    </message>
    <message>
        <source>Padding masked</source>
        <translation>掩盖填充</translation>
    </message>
    <message>
        <source>The zero rows enter the statistics as if they were tokens</source>
        <translation>全零的填充行被当作词元计入统计量</translation>
    </message>
    <message>
        <source>Only real tokens enter the statistics</source>
        <translation>只有真实的词元计入统计量</translation>
    </message>
    <message>
        <source>Input: tokens × features, padded (editable)</source>
        <translation>输入：词元 × 特征，含填充（可编辑）</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Statistics of each token</source>
        <translation>每个词元的统计量</translation>
    </message>
    <message>
        <source>Output (training)</source>
        <translation>输出（训练）</translation>
    </message>
    <message>
        <source>Statistics of each feature</source>
        <translation>每个特征的统计量</translation>
    </message>
    <message>
        <source>Sequences</source>
        <translation>序列数</translation>
    </message>
    <message>
        <source>Features</source>
        <translation>特征</translation>
    </message>
    <message>
        <source>Lengths</source>
        <translation>长度</translation>
    </message>
    <message>
        <source>Sequences of different lengths are padded with zeros (grey rows) to the longest one, so that the batch is one block of numbers.</source>
        <translation>长度不同的序列用零（灰色的行）填充到最长序列的长度，使整个批次成为一个规整的数字块。</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:%1&apos;&gt;Layer normalization&lt;/b&gt;: along each token</source>
        <translation>&lt;b style=&apos;color:%1&apos;&gt;层归一化&lt;/b&gt;：沿每个词元</translation>
    </message>
    <message>
        <source>Every token is normalized over its own features: padding elsewhere in the batch changes nothing, whether it is counted or not.</source>
        <translation>每个词元在自己的特征上归一化：批次中其他地方的填充，无论是否计入，都不会有任何影响。</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:%1&apos;&gt;Batch normalization&lt;/b&gt;: along each feature</source>
        <translation>&lt;b style=&apos;color:%1&apos;&gt;批归一化&lt;/b&gt;：沿每个特征</translation>
    </message>
    <message>
        <source>s%1 t%2</source>
        <translation>句%1 词%2</translation>
    </message>
    <message>
        <source>s%1 t%2 pad</source>
        <translation>句%1 词%2 填充</translation>
    </message>
    <message>
        <source>feature %1</source>
        <translation>特征 %1</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>variance</source>
        <translation>方差</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>mean, padding counted</source>
        <translation>均值，计入填充</translation>
    </message>
    <message>
        <source>variance, padding counted</source>
        <translation>方差，计入填充</translation>
    </message>
    <message>
        <source>mean, padding masked</source>
        <translation>均值，掩盖填充</translation>
    </message>
    <message>
        <source>variance, padding masked</source>
        <translation>方差，掩盖填充</translation>
    </message>
    <message>
        <source>Each feature&apos;s statistics average %1 numbers, %2 of them padding zeros: they pull the mean toward 0 and change the variance, so a real token&apos;s output depends on how much padding its batch happens to have.</source>
        <translation>每个特征的统计量对 %1 个数求平均，其中 %2 个是填充的零：它们把均值拉向 0，也改变了方差，所以一个真实词元的输出取决于它所在批次碰巧有多少填充。</translation>
    </message>
    <message>
        <source>Each feature&apos;s statistics average the %1 real tokens only; the %2 padding rows are left out. A model must carry a mask to every batch normalization to do this.</source>
        <translation>每个特征的统计量只对 %1 个真实词元求平均；%2 个填充行被排除在外。要做到这一点，模型必须把掩码传给每一个批归一化层。</translation>
    </message>
</context>
<context>
    <name>al::ui::PositionTab</name>
    <message>
        <source>Positions:</source>
        <translation>位置数：</translation>
    </message>
    <message>
        <source>Dimensions:</source>
        <translation>维度数：</translation>
    </message>
    <message>
        <source>The model&apos;s width when a model is chosen</source>
        <translation>选中模型后使用该模型的维度</translation>
    </message>
    <message>
        <source>Left: the sinusoidal encoding PE[p, 2j] = sin(p / 10000^(2j/D)), PE[p, 2j+1] = cos(…): fast waves in the first dimensions, slow ones in the last, so every position gets its own pattern. Right: how similar the model&apos;s learned position vectors are (cosine): neighbouring positions that look alike show as a bright band along the diagonal.</source>
        <translation>左图：正弦位置编码 PE[p, 2j] = sin(p / 10000^(2j/D))，PE[p, 2j+1] = cos(…)：前面的维度波动快，后面的维度波动慢，因此每个位置都有自己独特的模式。右图：模型学习得到的位置向量彼此有多相似（余弦相似度）：相邻位置彼此相似，就会在对角线上形成一条亮带。</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Sinusoidal encoding, %1 positions x %2 dimensions</source>
        <translation>正弦位置编码，%1 个位置 × %2 个维度</translation>
    </message>
    <message>
        <source>Learned position vectors of “%1”: cosine similarity</source>
        <translation>“%1”学习得到的位置向量：余弦相似度</translation>
    </message>
    <message>
        <source>Each cell compares position i with position j of the trained model.</source>
        <translation>每个格子比较训练后模型的位置 i 与位置 j。</translation>
    </message>
    <message>
        <source>Sinusoidal encoding: cosine similarity</source>
        <translation>正弦位置编码：余弦相似度</translation>
    </message>
    <message>
        <source>Choose a trained model with learned position to compare its position vectors; shown meanwhile: the sinusoidal encoding&apos;s similarity.</source>
        <translation>请选择一个使用学习得到的位置嵌入的已训练模型，来比较它的位置向量；在此之前先显示正弦位置编码的相似度。</translation>
    </message>
    <message>
        <source>“%1” has no learned position vectors (%2); shown instead: the similarity of the sinusoidal encoding.</source>
        <translation>“%1”没有学习得到的位置向量（%2）；这里改为显示正弦位置编码的相似度。</translation>
    </message>
</context>
<context>
    <name>al::ui::PreparationDialog</name>
    <message>
        <source>Prepare lessons</source>
        <translation>准备课程</translation>
    </message>
    <message>
        <source>Trains every model the lessons use, one after another, and keeps them in %1. A lesson then opens its model at once instead of training it in class. Models prepared before are kept.</source>
        <translation>依次训练课程用到的每个模型，并保存在 %1。之后每节课会直接打开它的模型，不必在课堂上现场训练。之前准备好的模型会保留。</translation>
    </message>
    <message>
        <source>Prepare again</source>
        <translation>重新准备</translation>
    </message>
    <message>
        <source>Train the models that are missing or out of date</source>
        <translation>训练缺少或已过时的模型</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the model in training (it is not kept) and the ones after it</source>
        <translation>停止正在训练的模型（不会保留）以及其后的模型</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>prepared before, up to date</source>
        <translation>之前已准备，仍是最新</translation>
    </message>
    <message>
        <source>training…</source>
        <translation>训练中…</translation>
    </message>
    <message>
        <source>saving…</source>
        <translation>保存中…</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>已就绪</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>cancelled, not kept</source>
        <translation>已取消，未保留</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Training model %1 of %2: %3, epoch %4 of %5</source>
        <translation>正在训练第 %1 个模型（共 %2 个）：%3，第 %4 轮（共 %5 轮）</translation>
    </message>
    <message>
        <source>Training model %1 of %2: %3, reading its data…</source>
        <translation>正在训练第 %1 个模型（共 %2 个）：%3，正在读取数据…</translation>
    </message>
    <message>
        <source>Preparing…</source>
        <translation>准备中…</translation>
    </message>
    <message>
        <source>Cancelled: %1 of %2 models are ready.</source>
        <translation>已取消：%2 个模型中有 %1 个已就绪。</translation>
    </message>
    <message>
        <source>%1 of %2 models are ready; %3 failed (see above).</source>
        <translation>%2 个模型中有 %1 个已就绪；%3 个失败（见上）。</translation>
    </message>
    <message>
        <source>All %1 models the lessons use are ready.</source>
        <translation>课程用到的 %1 个模型全部就绪。</translation>
    </message>
</context>
<context>
    <name>al::ui::PretrainedControls</name>
    <message>
        <source>Pretrained model (BERT / GPT-2)</source>
        <translation>预训练模型（BERT / GPT-2）</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="vanished">层</translation>
    </message>
    <message>
        <source>Which layer to take apart (GPT-2: the next-token step follows the last one)</source>
        <translation>要拆开的层（GPT-2：下一个词元的步骤跟在最后一层之后）</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation type="vanished">下一个词元</translation>
    </message>
    <message>
        <source>Append the most likely next piece to the text and walk again</source>
        <translation>把最可能的下一个子词添加到文本后，并重新演示</translation>
    </message>
    <message>
        <source>Open a BERT or GPT-2 folder on the Attention page (or a GPT-2 on the Generate page) to walk its layers.</source>
        <translation>在“注意力”页面打开一个 BERT 或 GPT-2 文件夹（或在“生成”页面打开一个 GPT-2），即可逐层演示。</translation>
    </message>
    <message>
        <source>GPT-2: “%1”</source>
        <translation>GPT-2：“%1”</translation>
    </message>
    <message>
        <source>BERT: “%1”</source>
        <translation>BERT：“%1”</translation>
    </message>
    <message>
        <source>No pretrained model yet: open a BERT or GPT-2 folder on the Attention page, or a GPT-2 on the Generate page.</source>
        <translation>还没有预训练模型：请在“注意力”页面打开一个 BERT 或 GPT-2 文件夹，或在“生成”页面打开一个 GPT-2。</translation>
    </message>
    <message numerus="yes">
        <source>The model reads %n piece(s) of its own tokenizer.</source>
        <translation>
            <numerusform>模型读取了它自己分词器的 %n 个子词。</numerusform>
        </translation>
    </message>
    <message>
        <source>Most likely next piece: “%1” (%2 %).</source>
        <translation>最可能的下一个子词：“%1”（%2 %）。</translation>
    </message>
    <message>
        <source>The next piece is chosen after the last layer (%1).</source>
        <translation>下一个子词在最后一层（%1）之后选出。</translation>
    </message>
</context>
<context>
    <name>al::ui::PretrainingComparison</name>
    <message>
        <source>How many labelled reviews each side may learn from (the rest of the data is not used)</source>
        <translation>每一方可以学习多少条带标签的影评（其余数据不使用）</translation>
    </message>
    <message>
        <source>Labelled reviews</source>
        <translation>带标签的影评</translation>
    </message>
    <message>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <source>Runs per side with seeds 1, 2, 3, …: one run can be lucky, a mean over a few is fairer</source>
        <translation>每一方运行的次数，随机种子依次为 1、2、3……：一次运行可能碰巧运气好，取几次的平均更公平</translation>
    </message>
    <message>
        <source>Seeds</source>
        <translation>种子数</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Fine-tune the IMDB classifier on a few labelled reviews twice: from scratch, and from “%1” (its vocabulary, embeddings and encoder; a new head). Same preset, seeds, epochs and reviews; only the starting weights differ.</source>
        <translation>在少量带标签的影评上把 IMDB 分类器训练两次：一次从零开始，一次从“%1”出发微调（沿用它的词表、嵌入和编码器，换上新的输出层）。预设、种子、轮数和影评都相同；只有初始权重不同。</translation>
    </message>
    <message>
        <source>Pick a masked-LM model above to compare fine-tuning from it with training from scratch.</source>
        <translation>请在上方选择一个掩码语言模型，比较从它出发微调与从零开始训练的效果。</translation>
    </message>
    <message>
        <source>from the masked-LM, seed %1</source>
        <translation>基于掩码语言模型，种子 %1</translation>
    </message>
    <message>
        <source>from scratch, seed %1</source>
        <translation>从零开始，种子 %1</translation>
    </message>
    <message>
        <source>Comparison: training %1 (%2 of %3)</source>
        <translation>对比：正在训练 %1（第 %2/%3 个）</translation>
    </message>
    <message>
        <source>The run stopped with an error: %1</source>
        <translation>运行因错误而停止：%1</translation>
    </message>
    <message>
        <source>Stopped before both sides finished a run: no verdict.</source>
        <translation>在双方都完成一次运行之前就停止了：无法得出结论。</translation>
    </message>
    <message numerus="yes">
        <source>Mean test accuracy with %1 labelled reviews: %2 % from the masked-LM (%n run(s)), </source>
        <translation>
            <numerusform>使用 %1 条带标签影评时的平均测试准确率：基于掩码语言模型为 %2 %（%n 次运行），</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 % from scratch (%n run(s)).</source>
        <translation>
            <numerusform>从零开始为 %1 %（%n 次运行）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Pre-training helps: %1 points more on average, better on %2 of %n seeds (standard error %3 points), learned from text without labels.</source>
        <translation>
            <numerusform>预训练有帮助：平均高出 %1 个百分点，%n 个种子中有 %2 个更好（标准误差 %3 个百分点），而这些是从没有标签的文本中学到的。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Here pre-training does worse: %1 points on average, better on %2 of %n seeds (standard error %3 points); the masked-LM may need more text or epochs.</source>
        <translation>
            <numerusform>在这里预训练反而更差：平均 %1 个百分点，%n 个种子中只有 %2 个更好（标准误差 %3 个百分点）；掩码语言模型可能需要更多文本或更多轮训练。</numerusform>
        </translation>
    </message>
    <message>
        <source>One seed cannot tell whether pre-training helps (%1 points): the difference between two runs may be chance. Run more seeds.</source>
        <translation>只有一个种子，说明不了预训练是否有帮助（%1 个百分点）：两次运行之间的差别可能只是偶然。请多用几个种子。</translation>
    </message>
    <message numerus="yes">
        <source>These runs cannot tell whether pre-training helps: %1 points on average, better on %2 of %n seeds, within twice the standard error (%3 points). Run more seeds.</source>
        <translation>
            <numerusform>这几次运行说明不了预训练是否有帮助：平均 %1 个百分点，%n 个种子中有 %2 个更好，差别没有超出两倍标准误差（%3 个百分点）。请多用几个种子。</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>A pretrained BERT opened in this session, as a third side: it stays frozen, reads each review once, and a sentiment head learns on its [CLS] state from the same labelled reviews</source>
        <translation type="vanished">本次会话中打开的一个预训练 BERT，作为第三方参与比较：它保持冻结，每条影评只读一遍，由一个情感分类头在同样的带标签影评上、基于它的 [CLS] 状态学习</translation>
    </message>
    <message>
        <source>Also a head on</source>
        <translation>再比较 BERT 分类头</translation>
    </message>
    <message>
        <source>head on BERT, seed %1</source>
        <translation>基于 BERT 的分类头，种子 %1</translation>
    </message>
    <message numerus="yes">
        <source>A head on the frozen BERT “%1”: %2 % (%n run(s)).</source>
        <translation>
            <numerusform>冻结的 BERT “%1”加分类头为 %2 %（%n 次运行）。</numerusform>
        </translation>
    </message>
    <message>
        <source>A pretrained BERT opened in this session, as a third side: a sentiment head learns on its [CLS] state from the same labelled reviews, with BERT frozen or its top layers fine-tuned with the head</source>
        <translation>本次会话中打开的一个预训练 BERT，作为第三方参与比较：由一个情感分类头在同样的带标签影评上、基于它的 [CLS] 状态学习，BERT 可以保持冻结，也可以让它最上面的几层随分类头一起微调</translation>
    </message>
    <message numerus="yes">
        <source>BERT, top %n layer(s) fine-tuned, seed %1</source>
        <translation>
            <numerusform>BERT（微调顶部 %n 层），种子 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>BERT “%1” with its top %2 layer(s) fine-tuned: %3 % (%n run(s)).</source>
        <translation>
            <numerusform>顶部 %2 层经过微调的 BERT “%1”加分类头为 %3 %（%n 次运行）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Pre-training: %1</source>
        <translation>预训练对比：%1</translation>
    </message>
</context>
<context>
    <name>al::ui::Reader</name>
    <message>
        <source>expected at least one lesson (a line “=== lesson &lt;id&gt;”)</source>
        <translation>应至少有一课（一行“=== lesson &lt;id&gt;”）</translation>
    </message>
    <message>
        <source>expected UTF-8 text</source>
        <translation>应为 UTF-8 文本</translation>
    </message>
    <message>
        <source>expected “=== lesson &lt;id&gt;” before anything else</source>
        <translation>最前面应为“=== lesson &lt;id&gt;”</translation>
    </message>
    <message>
        <source>expected “=== lesson &lt;id&gt;”, the id made of letters, digits and “-”</source>
        <translation>应为“=== lesson &lt;id&gt;”，id 由字母、数字和“-”组成</translation>
    </message>
    <message>
        <source>expected a new lesson id: “%1” is already the id of the lesson at line %2</source>
        <translation>应为新的课程 id：“%1”已是第 %2 行那一课的 id</translation>
    </message>
    <message>
        <source>expected “=== lesson &lt;id&gt;” before the first section</source>
        <translation>第一个小节之前应有“=== lesson &lt;id&gt;”</translation>
    </message>
    <message>
        <source>expected “--- &lt;section&gt; &lt;language&gt;”, the section one of %1 and the language one of %2</source>
        <translation>应为“--- &lt;section&gt; &lt;language&gt;”，小节为 %1 之一，语言为 %2 之一</translation>
    </message>
    <message>
        <source>expected each section once: “%1” appears a second time</source>
        <translation>每个小节只能出现一次：“%1”出现了第二次</translation>
    </message>
    <message>
        <source>expected “key: value” (a setting), “--- &lt;section&gt; &lt;language&gt;” or “=== lesson &lt;id&gt;”</source>
        <translation>应为“key: value”（一项设置）、“--- &lt;section&gt; &lt;language&gt;”或“=== lesson &lt;id&gt;”</translation>
    </message>
    <message>
        <source>expected a page, one of %1; found “%2”</source>
        <translation>应为一个页面，取值为 %1 之一；实际为“%2”</translation>
    </message>
    <message>
        <source>expected one page per lesson</source>
        <translation>每一课只能有一个页面</translation>
    </message>
    <message>
        <source>expected “page: …” before the page&apos;s settings</source>
        <translation>页面的设置之前应有“page: …”</translation>
    </message>
    <message>
        <source>expected text under “--- %1”</source>
        <translation>“--- %1”下面应有文字</translation>
    </message>
    <message>
        <source>expected a line “page: …” in lesson “%1”</source>
        <translation>课程“%1”中应有一行“page: …”</translation>
    </message>
    <message>
        <source>expected a section “--- %1 %2” in lesson “%3”</source>
        <translation>课程“%3”中应有一个小节“--- %1 %2”</translation>
    </message>
    <message>
        <source>expected a measurement of the register (docs/measurements.json) under “--- %1”; “%2” is none</source>
        <translation>“--- %1” 下应引用测量登记表（docs/measurements.json）中的测量值；“%2” 不在表中</translation>
    </message>
</context>
<context>
    <name>al::ui::RunsList</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Best val. accuracy</source>
        <translation>最佳验证准确率</translation>
    </message>
    <message>
        <source>Test accuracy</source>
        <translation>测试准确率</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Tick a run to show its curves; double-click its name to rename it</source>
        <translation>勾选一次运行即可显示其曲线；双击名称可重命名</translation>
    </message>
    <message>
        <source>Accuracy on the held-out validation data, at the best epoch</source>
        <translation>最佳轮次时在留出的验证数据上的准确率</translation>
    </message>
    <message>
        <source>Accuracy of the kept model on test data it never saw, measured when a run trains to its end</source>
        <translation>保留下来的模型在从未见过的测试数据上的准确率，在运行训练到结束时测量</translation>
    </message>
    <message>
        <source>%1 (training)</source>
        <translation>%1（训练）</translation>
    </message>
    <message>
        <source>This data has no test part: the kept model was measured on all of it, the training samples included. A training score, not a test score.</source>
        <translation>这份数据没有测试部分：保留下来的模型是在全部数据上测量的，包括训练样本。这是训练得分，不是测试得分。</translation>
    </message>
</context>
<context>
    <name>al::ui::RunsPanel</name>
    <message>
        <source>&lt;b&gt;Runs&lt;/b&gt; — tick to overlay curves</source>
        <translation>&lt;b&gt;运行记录&lt;/b&gt; — 勾选即可叠加显示曲线</translation>
    </message>
    <message>
        <source>Open model…</source>
        <translation>打开模型…</translation>
    </message>
    <message>
        <source>Show a saved model&apos;s curves beside this session&apos;s runs</source>
        <translation>在本次会话的运行旁边显示已保存模型的曲线</translation>
    </message>
    <message>
        <source>Save model…</source>
        <translation>保存模型…</translation>
    </message>
    <message>
        <source>Save the selected run (or the last one) as a model directory, with its history</source>
        <translation>把选中的运行（或最后一次运行）连同训练历史保存为模型目录</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Take the selected run out of the list and free its memory (Delete)</source>
        <translation>把选中的运行从列表中移除并释放其内存 (Delete)</translation>
    </message>
    <message>
        <source>Remove run</source>
        <translation>移除运行</translation>
    </message>
    <message>
        <source>Open a model directory</source>
        <translation>打开模型目录</translation>
    </message>
    <message>
        <source>Save model directory</source>
        <translation>保存模型目录</translation>
    </message>
    <message>
        <source>The run &quot;%1&quot; was never saved. Remove it and lose its model?</source>
        <translation>运行“%1”从未保存过。确定要移除它并丢弃它的模型吗？</translation>
    </message>
</context>
<context>
    <name>al::ui::SegmentMemoryDiagram</name>
    <message>
        <source>segment %1</source>
        <translation>第 %1 个片段</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <source>blue: this segment · hatched: cached memory (read, no gradient) · numbers: relative distance</source>
        <translation>蓝色：当前片段 · 阴影线：缓存的记忆（只读，无梯度） · 数字：相对距离</translation>
    </message>
    <message>
        <source>no recurrence: each segment alone, its first word sees nothing before it</source>
        <translation>无循环：每个片段单独处理，片段的第一个词看不到它之前的任何内容</translation>
    </message>
</context>
<context>
    <name>al::ui::StepView</name>
    <message>
        <source>Save picture…</source>
        <translation>保存图片…</translation>
    </message>
    <message>
        <source>The current step as PNG, SVG or PDF</source>
        <translation>把当前步骤保存为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <source>Save numbers…</source>
        <translation>保存数值…</translation>
    </message>
    <message>
        <source>Every grid of the current step in one CSV file</source>
        <translation>把当前步骤的所有网格保存到一个 CSV 文件中</translation>
    </message>
    <message>
        <source>Step %1 of %2: %3</source>
        <translation>第 %1/%2 步：%3</translation>
    </message>
    <message>
        <source>Lines of head</source>
        <translation>连线显示的头</translation>
    </message>
    <message>
        <source>Where the outlined token looks: the wider the line, the larger its attention weight. Click a token on the left.</source>
        <translation>加框的词元关注哪里：线越宽，注意力权重越大。点击左侧的一个词元。</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>The line or two of code that computes this step: Keras on the left (the book&apos;s, Keras&apos;s own or the chatbot tutorial&apos;s, as its caption says), PyTorch on the right (written for this app, or Hugging Face&apos;s own for a pretrained model)</source>
        <translation>计算这一步的一两行代码：左边是 Keras（出自书中、Keras 库本身或聊天机器人教程，见其标题），右边是 PyTorch（为本应用编写；预训练模型则是 Hugging Face 自己的代码）</translation>
    </message>
    <message>
        <source>Keras, from the book (Deep Learning with Python, ch. 11)</source>
        <translation>Keras，出自书中（《Python 深度学习》第 11 章）</translation>
    </message>
    <message>
        <source>Keras: inside layers.MultiHeadAttention (the library&apos;s own code, which the book&apos;s layer runs)</source>
        <translation>Keras：layers.MultiHeadAttention 的内部（库本身的代码，书中的层运行的就是它）</translation>
    </message>
    <message>
        <source>Keras: a KerasHub layer (the book mentions the paper&apos;s sine and cosine positions but codes learned ones)</source>
        <translation>Keras：KerasHub 中的一个层（书中提到了论文用正弦和余弦表示位置，但代码实现的是学习得到的位置嵌入）</translation>
    </message>
    <message>
        <source>TensorFlow/Keras, from the chatbot tutorial</source>
        <translation>TensorFlow/Keras，出自聊天机器人教程</translation>
    </message>
    <message>
        <source>PyTorch, written for this app: this step&apos;s computation and shapes</source>
        <translation>PyTorch，为本应用编写：这一步的计算及其形状</translation>
    </message>
    <message>
        <source>PyTorch, from Hugging Face Transformers (modeling_bert.py, modeling_gpt2.py): the code the model was published with</source>
        <translation>PyTorch，取自 Hugging Face Transformers（modeling_bert.py、modeling_gpt2.py）：模型发布时所用的代码</translation>
    </message>
</context>
<context>
    <name>al::ui::StepperPage</name>
    <message>
        <source>Self-attention (Transformer)</source>
        <translation>自注意力（Transformer）</translation>
    </message>
    <message>
        <source>Additive attention (chatbot)</source>
        <translation>加性注意力（聊天机器人）</translation>
    </message>
    <message>
        <source>Transformer decoder (chatbot)</source>
        <translation>Transformer 解码器（聊天机器人）</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>Pick an example or type your own sentence and press Enter</source>
        <translation>选择一个示例，或者输入你自己的句子并按回车</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <source>How fast Play goes from step to step, and how fast the softmax fills in</source>
        <translation>“播放”逐步前进的速度，以及 softmax 各行填充的速度</translation>
    </message>
    <message>
        <source>Language model (GPT)</source>
        <translation>语言模型（GPT）</translation>
    </message>
    <message>
        <source>Pretrained model (BERT / GPT-2)</source>
        <translation>预训练模型（BERT / GPT-2）</translation>
    </message>
    <message>
        <source>token (looks)</source>
        <translation>词元（发出关注）</translation>
    </message>
    <message>
        <source>token (is looked at)</source>
        <translation>词元（被关注）</translation>
    </message>
    <message>
        <source>The answer then: where the decoder looked while writing each answer word</source>
        <translation>当时的回答：解码器在生成每个答案词时关注了哪里</translation>
    </message>
    <message>
        <source>answer word (being written)</source>
        <translation>答案词（正在生成）</translation>
    </message>
    <message>
        <source>question word (looked at)</source>
        <translation>问题词（被关注）</translation>
    </message>
    <message>
        <source>its encoder&apos;s attention maps, every layer and head, and the alignment of its answer over the question</source>
        <translation>编码器每一层、每个头的注意力图，以及答案在问题上的对齐</translation>
    </message>
    <message>
        <source>its attention maps, every layer and head</source>
        <translation>每一层、每个头的注意力图</translation>
    </message>
    <message>
        <source>the alignment of its answer over the question</source>
        <translation>答案在问题上的对齐</translation>
    </message>
    <message>
        <source>&lt;b&gt;Step %1 of training&lt;/b&gt;, “%2”. The walk takes the weights of the model the run kept apart, one operation at a time; a training timeline keeps no weights, only what the model showed at each moment. Below: %3, as recorded then. Move the slider to its last position to walk the kept model again.</source>
        <translation>&lt;b&gt;训练第 %1 步&lt;/b&gt;，“%2”。逐步演示拆解的是训练最后保留的模型的权重，一次一个运算；训练时间线不保存权重，只保存模型在每个时刻表现出的结果。下面是当时记录的%3。把滑块移到最后一格，即可再次逐步演示保留的模型。</translation>
    </message>
</context>
<context>
    <name>al::ui::SwitchedHeadsNote</name>
    <message>
        <source>Switch every head on</source>
        <translation>打开所有的头</translation>
    </message>
    <message>
        <source>Every head of this model on again, here and on the Attention page</source>
        <translation>重新打开这个模型的所有头，在本页和“注意力”页面都生效</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <source>Heads switched off on the Attention page: %1. The results below are the model&apos;s without them.</source>
        <translation>在“注意力”页面关闭的头：%1。下面的结果是模型去掉这些头之后给出的。</translation>
    </message>
</context>
<context>
    <name>al::ui::TimelineBar</name>
    <message>
        <source>The sentence the run watched while it trained: its maps and prediction at each moment</source>
        <translation>训练时观察的句子：它在每个时刻的注意力图和预测</translation>
    </message>
    <message>
        <source>The moments the run recorded, from its first step to the model it kept (the last position). Arrows: one moment; Page Up/Down: five; Home/End: first and kept model.</source>
        <translation>训练中记录下的时刻，从第一步到最后保留的模型（最后一个位置）。方向键：一个时刻；Page Up/Down：五个；Home/End：第一个时刻和保留的模型。</translation>
    </message>
    <message>
        <source>How fast Play goes through the moments</source>
        <translation>播放时经过各个时刻的速度</translation>
    </message>
    <message>
        <source>How far each head is from looking at every word alike (0: alike; higher: on a few words)</source>
        <translation>每个头离“平均地看每个词”有多远（0：平均地看；越高：越集中在少数几个词上）</translation>
    </message>
    <message>
        <source>training step</source>
        <translation>训练步数</translation>
    </message>
    <message>
        <source>distance from uniform</source>
        <translation>与均匀分布的距离</translation>
    </message>
    <message numerus="yes">
        <source>The model the run kept (%n moment(s) recorded before it: move the slider to go back)</source>
        <translation>
            <numerusform>训练最后保留的模型（此前记录了 %n 个时刻：拖动滑块可以回到过去）</numerusform>
        </translation>
    </message>
    <message>
        <source>Step 0: the first weights, before any training</source>
        <translation>第 0 步：最初的权重，还没有训练</translation>
    </message>
    <message>
        <source>Step %1 · epoch %2 · loss %3 · accuracy %4 %</source>
        <translation>第 %1 步 · 第 %2 轮 · 损失 %3 · 准确率 %4 %</translation>
    </message>
    <message>
        <source>L%1 H%2</source>
        <translation>层%1 头%2</translation>
    </message>
    <message>
        <source>This model&apos;s training timeline could not be read, so there are no moments of its training to show (the model itself opened). %1</source>
        <translation>这个模型的训练时间线读不出来，所以没有训练过程中的时刻可看（模型本身已经打开）。%1</translation>
    </message>
    <message>
        <source>At this moment, after “%1”, the next token: %2</source>
        <translation>此刻，在“%1”之后，下一个词元：%2</translation>
    </message>
    <message>
        <source>blank %1: %2</source>
        <translation>空位 %1：%2</translation>
    </message>
    <message>
        <source>At this moment, in “%1”: %2</source>
        <translation>此刻，在“%1”中：%2</translation>
    </message>
    <message>
        <source>At this moment, “%1” was positive with %2 %</source>
        <translation>此刻，“%1”为正面的概率是 %2 %</translation>
    </message>
    <message>
        <source>At this moment, the answer to “%1”: %2</source>
        <translation>此刻，对“%1”的回答：%2</translation>
    </message>
</context>
<context>
    <name>al::ui::TrainPage</name>
    <message>
        <source>A run watches at most %1 sentences while it trains; Watch sentences has %2 lines. Remove some.</source>
        <translation>一次训练最多观察 %1 个句子；“观察句子”里有 %2 行，请删去一些。</translation>
    </message>
    <message>
        <source>The run trained, but recorded no timeline: %1</source>
        <translation>训练完成了，但没有记录时间线：%1</translation>
    </message>
    <message>
        <source>Choose data and a preset, then press Start (F5).</source>
        <translation>请选择数据和预设，然后按“开始”(F5)。</translation>
    </message>
    <message>
        <source>The data is still being read; Start will be possible in a moment.</source>
        <translation>数据仍在读取中；稍后即可开始。</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>preparing</source>
        <translation>准备中</translation>
    </message>
    <message>
        <source>preparing…</source>
        <translation>准备中…</translation>
    </message>
    <message>
        <source>Preparing: reading the data and building the model…</source>
        <translation type="vanished">准备中：正在读取数据并构建模型…</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>training</source>
        <translation>训练中</translation>
    </message>
    <message>
        <source>Paused. Press Resume (F6) to go on.</source>
        <translation>已暂停。按“继续”(F6) 接着训练。</translation>
    </message>
    <message>
        <source>Training…</source>
        <translation>正在训练…</translation>
    </message>
    <message>
        <source>Stopping after the current batch…</source>
        <translation>将在当前批次结束后停止…</translation>
    </message>
    <message>
        <source>testing</source>
        <translation>测试中</translation>
    </message>
    <message>
        <source>Trained. Measuring the kept model on the test data…</source>
        <translation>训练完成。正在测试数据上评估保留下来的模型…</translation>
    </message>
    <message>
        <source>Epoch %1, batch %2 of %3
this batch: loss %4 · accuracy %5 %</source>
        <translation>第 %1 轮，第 %2/%3 批次
本批次：损失 %4 · 准确率 %5 %</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Training stopped with an error: %1 Its curves stay in the runs list.</source>
        <translation>训练因错误而停止：%1 它的曲线仍保留在运行列表中。</translation>
    </message>
    <message>
        <source>stopped after epoch %1</source>
        <translation>第 %1 轮后停止</translation>
    </message>
    <message>
        <source>Stopped. The run keeps its best epoch (%1); save it with Save model.</source>
        <translation type="vanished">已停止。本次运行保留了最佳轮次（第 %1 轮）；可用“保存模型”保存。</translation>
    </message>
    <message>
        <source>done, best epoch %1</source>
        <translation type="vanished">完成，最佳为第 %1 轮</translation>
    </message>
    <message>
        <source>Done in %1. Best epoch: %2%3.</source>
        <translation type="vanished">完成，用时 %1。最佳轮次：第 %2 轮%3。</translation>
    </message>
    <message>
        <source>; on the test data: %1 % accuracy</source>
        <translation>；测试数据上的准确率：%1 %</translation>
    </message>
    <message>
        <source>Cancelled before training began.</source>
        <translation>在训练开始前已取消。</translation>
    </message>
    <message>
        <source>Could not start training: %1</source>
        <translation>无法开始训练：%1</translation>
    </message>
    <message>
        <source>There is no run to save yet: train one first.</source>
        <translation>还没有可保存的运行：请先训练一个。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; failed (%2); its weights are not worth saving. Train it again with a smaller learning rate.</source>
        <translation>“%1”失败了（%2）；它的权重不值得保存。请用更小的学习率重新训练。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is still training: stop it or wait for the end, then save.</source>
        <translation>“%1”仍在训练中：请先停止它或等它结束，再保存。</translation>
    </message>
    <message>
        <source>Could not save the model: %1</source>
        <translation>无法保存模型：%1</translation>
    </message>
    <message>
        <source>Saved &quot;%1&quot; to %2</source>
        <translation>已将“%1”保存到 %2</translation>
    </message>
    <message>
        <source>Could not open the model: %1</source>
        <translation>无法打开模型：%1</translation>
    </message>
    <message>
        <source>opened</source>
        <translation>已打开</translation>
    </message>
    <message>
        <source>Opened %1: %2 epochs of history.</source>
        <translation>已打开 %1：包含 %2 轮的训练历史。</translation>
    </message>
    <message>
        <source>Removed the run &quot;%1&quot;.</source>
        <translation>已移除运行“%1”。</translation>
    </message>
    <message>
        <source>The run &quot;%1&quot; is being saved or opened; remove it when that is done.</source>
        <translation>运行“%1”正在保存或打开；请在完成后再移除。</translation>
    </message>
    <message>
        <source>Preparing: reading %1 and building the model…</source>
        <translation>正在准备：读取 %1 并构建模型…</translation>
    </message>
    <message>
        <source>Stopped. The run keeps epoch %1; save it with Save model.</source>
        <translation>已停止。本次运行保留第 %1 轮；可用“保存模型”保存。</translation>
    </message>
    <message>
        <source>done, kept epoch %1</source>
        <translation>完成，保留第 %1 轮</translation>
    </message>
    <message>
        <source>Done in %1. Kept epoch: %2%3.</source>
        <translation>完成，用时 %1。保留的轮次：第 %2 轮%3。</translation>
    </message>
    <message>
        <source>; on the training data (this data has no test part): %1 % accuracy</source>
        <translation>；训练数据上的准确率（这份数据没有测试部分）：%1 %</translation>
    </message>
    <message>
        <source>%1 is a pretrained model (%2): it is read, not trained, so the Train page does not list it. Open it on a page that shows it.</source>
        <translation>%1 是预训练模型（%2）：它只被读取、不被训练，所以“训练”页不列出它。请在能显示它的页面上打开它。</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>raced</source>
        <translation>比赛完成</translation>
    </message>
</context>
<context>
    <name>al::ui::TrainSamplesPanel</name>
    <message>
        <source>&lt;b&gt;Samples&lt;/b&gt; after</source>
        <translation>&lt;b&gt;样例&lt;/b&gt;，接在</translation>
    </message>
    <message>
        <source>the first words of the text</source>
        <translation>文本开头的几个字</translation>
    </message>
    <message>
        <source>What the model writes on from after every epoch. The same prompt and the same random seed each time, so that the samples differ only by what the model has learned.</source>
        <translation>每轮结束后模型从这里接着写。每次都用同一个提示和同一个随机种子，所以样例之间的不同只来自模型学到的东西。</translation>
    </message>
    <message>
        <source>Sample now</source>
        <translation>立即生成样例</translation>
    </message>
    <message>
        <source>Write a sample with the weights as they are now, right after the batch in flight</source>
        <translation>用当前的权重写一段样例（在正在训练的这一批之后）</translation>
    </message>
    <message>
        <source>Epoch %1, asked for</source>
        <translation>第 %1 轮中，手动生成</translation>
    </message>
    <message>
        <source>After epoch %1</source>
        <translation>第 %1 轮之后</translation>
    </message>
    <message>
        <source>validation perplexity %1</source>
        <translation>验证困惑度 %1</translation>
    </message>
    <message>
        <source>While the model trains, what it writes appears here after every epoch.</source>
        <translation>模型训练时，每轮结束后它写出的文字会显示在这里。</translation>
    </message>
</context>
<context>
    <name>al::ui::TrainSettingsPanel</name>
    <message>
        <source>Watch sentences</source>
        <translation>观察句子</translation>
    </message>
    <message>
        <source>Up to %1 sentences, one a line, whose attention and prediction the run records while it trains (a timeline to scrub on the Attention page and to save with the model). Empty: the data&apos;s own sentences, shown in grey.</source>
        <translation>最多 %1 个句子，每行一个：训练时记录模型对它们的注意力和预测（一条时间线，可在注意力页面上拖动回看，并随模型一起保存）。留空：使用数据自带的句子（灰色显示）。</translation>
    </message>
    <message>
        <source>scratch (random weights)</source>
        <translation>从零开始（随机权重）</translation>
    </message>
    <message>
        <source>Start the classifier from a masked language model of this session: its vocabulary, embeddings and encoder, with a new head. Its sizes must match (use the same preset).</source>
        <translation type="vanished">用本次会话中的一个掩码语言模型来初始化分类器：沿用它的词表、嵌入和编码器，再加一个新的输出头。两者的尺寸必须一致（使用相同的预设）。</translation>
    </message>
    <message>
        <source>Task and data</source>
        <translation>任务和数据</translation>
    </message>
    <message>
        <source>What to train</source>
        <translation>要训练什么</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Start from</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>Start the classifier from a masked language model of this session: its vocabulary, embeddings and encoder, with a new head. The classifier takes its sizes (vocabulary, sequence length, widths, layers) from it.</source>
        <translation type="vanished">用本次会话中的一个掩码语言模型来初始化分类器：沿用它的词表、嵌入和编码器，再加一个新的输出头。分类器的尺寸（词表大小、序列长度、各层维度、层数）都取自它。</translation>
    </message>
    <message>
        <source>Start the classifier from a masked language model of this session: its vocabulary, embeddings and encoder, with a new head. The classifier takes its sizes (vocabulary, sequence length, widths, layers) from it. Or from a pretrained BERT opened in this session: a new sentiment head learns on its [CLS] state, with BERT frozen (it reads each review once) or with its top layers fine-tuned (Fine-tune top layers).</source>
        <translation>用本次会话中的一个掩码语言模型来初始化分类器：沿用它的词表、嵌入和编码器，再加一个新的输出头。分类器的尺寸（词表大小、序列长度、各层维度、层数）都取自它。也可以从本次会话中打开的预训练 BERT 开始：由一个新的情感分类头基于它的 [CLS] 状态学习，BERT 可以保持冻结（每条影评只读一遍），也可以微调它顶部的几层（“微调顶部层数”）。</translation>
    </message>
    <message>
        <source>none (BERT frozen)</source>
        <translation type="vanished">不微调（BERT 冻结）</translation>
    </message>
    <message>
        <source>How many of BERT&apos;s top layers learn with the sentiment head. 0 keeps BERT frozen: it reads each review once and only the head learns (fast). With 1 or more, BERT&apos;s lower layers still read each review once, and its top layers are trained on every batch (slower, and the saved model keeps its own copy of BERT).</source>
        <translation type="vanished">BERT 最上面的几层与情感分类头一起学习。0 表示 BERT 冻结：它只读取每条评论一次，只有分类头在学习（快）。设为 1 或更多时，BERT 的下层仍只读取每条评论一次，上层则在每个批次上训练（较慢，保存的模型会带有自己的一份 BERT）。</translation>
    </message>
    <message>
        <source>Fine-tune top layers</source>
        <translation type="vanished">微调顶部层数</translation>
    </message>
</context>
<context>
    <name>al::ui::TrainingControls</name>
    <message>
        <source>&amp;Start training</source>
        <translation>开始训练(&amp;S)</translation>
    </message>
    <message>
        <source>Prepare the data and the model, then train (F5)</source>
        <translation>准备数据和模型，然后开始训练 (F5)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Pause after the current batch; press again to resume (F6)</source>
        <translation>在当前批次结束后暂停；再按一次继续 (F6)</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>停止(&amp;T)</translation>
    </message>
    <message>
        <source>Stop after the current batch; the run keeps its best epoch (Shift+F5)</source>
        <translation>在当前批次结束后停止；本次运行保留其最佳轮次 (Shift+F5)</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>How many samples the model learns from per second, and the time left at that pace</source>
        <translation>模型每秒学习多少个样本，以及按这个速度还剩多少时间</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>%1 samples/s · %2 left</source>
        <translation>%1 样本/秒 · 剩余 %2</translation>
    </message>
    <message>
        <source>%1 in all</source>
        <translation>共 %1</translation>
    </message>
</context>
<context>
    <name>al::ui::VocabularyDialog</name>
    <message>
        <source>%1 ([UNK])</source>
        <translation>%1（[UNK]）</translation>
    </message>
    <message>
        <source>(padding)</source>
        <translation>（填充）</translation>
    </message>
    <message>
        <source>Not in the vocabulary: the model reads it as [UNK]</source>
        <translation>不在词表中：模型把它读作 [UNK]</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Vocabulary files store no frequencies: a model opened from a directory does not know them</source>
        <translation>词表文件不保存词频：从目录打开的模型不知道词频</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Word</source>
        <translation>词</translation>
    </message>
    <message>
        <source>Frequency</source>
        <translation>词频</translation>
    </message>
    <message>
        <source>Known</source>
        <translation>认识</translation>
    </message>
    <message>
        <source>How often the word occurs in the training text the vocabulary was built from; for [UNK], every occurrence of the words left out</source>
        <translation>该词在构建词表所用的训练文本中出现的次数；对 [UNK] 而言，是所有被排除的词出现次数之和</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Search a word, or type a sentence to see which of its words the model knows</source>
        <translation>搜索一个词，或输入一个句子，看看模型认识其中哪些词</translation>
    </message>
    <message>
        <source>Frequency: how often the word occurs in the training text its vocabulary was built from. A model opened from a directory does not know it: vocabulary files store no frequencies.</source>
        <translation>词频：该词在构建词表所用的训练文本中出现的次数。从目录打开的模型不知道词频：词表文件不保存词频。</translation>
    </message>
    <message>
        <source>No model yet: train one or open a model directory, then open its vocabulary.</source>
        <translation>还没有模型：先训练一个或打开一个模型目录，再打开它的词表。</translation>
    </message>
    <message>
        <source>the words it reads (its questions)</source>
        <translation>它读入的词（它的问题）</translation>
    </message>
    <message>
        <source>the words it reads</source>
        <translation>它读入的词</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: %2 entries, %3.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：%2 个条目，%3。</translation>
    </message>
    <message>
        <source>Every entry of the vocabulary by id: ids 0 and 1 are padding and [UNK], then the words, the most frequent first.</source>
        <translation>按编号列出词表的每个条目：编号 0 和 1 是填充和 [UNK]，之后是各个词，最常见的在前。</translation>
    </message>
    <message>
        <source>The model reads no word in this text.</source>
        <translation>模型在这段文本中读不到任何词。</translation>
    </message>
    <message>
        <source>%1: the model does not know it; it reads it as [UNK] (id 1).</source>
        <translation>%1：模型不认识它，把它读作 [UNK]（编号 1）。</translation>
    </message>
    <message>
        <source>%1: id %2, seen %3 times in the training text. The model knows it.</source>
        <translation>%1：编号 %2，在训练文本中出现 %3 次。模型认识它。</translation>
    </message>
    <message>
        <source>%1: id %2 (frequency not known). The model knows it.</source>
        <translation>%1：编号 %2（词频未知）。模型认识它。</translation>
    </message>
    <message>
        <source>The model knows all %1 words of this text.</source>
        <translation>模型认识这段文本的全部 %1 个词。</translation>
    </message>
    <message>
        <source>%1 of %2 words are unknown to the model (it reads them as [UNK]): %3</source>
        <translation>%2 个词中有 %1 个是模型不认识的（它把它们读作 [UNK]）：%3</translation>
    </message>
</context>
<context>
    <name>al::ui::WalkControls</name>
    <message>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <source>Next token</source>
        <translation>下一个词元</translation>
    </message>
</context>
<context>
    <name>al::ui::WeightBars</name>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
</context>
<context>
    <name>al::ui::WeightScaleSetting</name>
    <message>
        <source>relative to an equal share</source>
        <translation>相对于平均份额</translation>
    </message>
    <message>
        <source>0 to the map&apos;s maximum</source>
        <translation>0 到图中最大值</translation>
    </message>
    <message>
        <source>fixed 0 to 1</source>
        <translation>固定 0 到 1</translation>
    </message>
    <message>
        <source>× equal share (1/n)</source>
        <translation>× 平均份额 (1/n)</translation>
    </message>
    <message>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>How attention weights are coloured. Relative to an equal share: weight × n (n keys), white for exactly 1/n, red for more, blue for less. 0 to the maximum: white to dark blue per map. Fixed 0 to 1: the same colours for every map.</source>
        <translation>注意力权重的着色方式。相对于平均份额：权重 × n（n 个键），恰好为 1/n 时为白色，更大为红色，更小为蓝色。0 到最大值：每张图从白色到深蓝色。固定 0 到 1：所有图使用相同的颜色。</translation>
    </message>
    <message>
        <source>Colours: %1</source>
        <translation>颜色：%1</translation>
    </message>
</context>
<context>
    <name>al::ui::WordOrderTab</name>
    <message>
        <source>Shuffle words</source>
        <translation>打乱词序</translation>
    </message>
    <message>
        <source>Put the words of the sentence in a random order and run the model again</source>
        <translation>把句子中的词随机打乱顺序，再运行一次模型</translation>
    </message>
    <message>
        <source>Heatmap of:</source>
        <translation>热力图显示：</translation>
    </message>
    <message>
        <source>Original order</source>
        <translation>原始顺序</translation>
    </message>
    <message>
        <source>Shuffled</source>
        <translation>打乱后</translation>
    </message>
    <message>
        <source>query token</source>
        <translation>查询词元</translation>
    </message>
    <message>
        <source>key token</source>
        <translation>键词元</translation>
    </message>
    <message>
        <source>layer 1, head %1</source>
        <translation>第 1 层，第 %1 个头</translation>
    </message>
    <message>
        <source>layer 1, average</source>
        <translation>第 1 层，平均</translation>
    </message>
    <message>
        <source>&lt;b&gt;Shuffled:&lt;/b&gt; %1</source>
        <translation>&lt;b&gt;打乱后：&lt;/b&gt;%1</translation>
    </message>
    <message>
        <source>original p = %1, shuffled p = %2 (difference %3); largest difference between a shuffled attention weight and the original weight of the same two words: %4</source>
        <translation>原始顺序 p = %1，打乱后 p = %2（相差 %3）；同一对词的注意力权重在打乱前后的最大差值：%4</translation>
    </message>
    <message>
        <source>&lt;b&gt;This model has no position information.&lt;/b&gt; The prediction is identical and every row of attention moved with its word: attention sees a bag of words, not a sentence. </source>
        <translation>&lt;b&gt;这个模型没有位置信息。&lt;/b&gt;预测结果完全相同，每一行注意力都跟着它的词一起移动了：注意力看到的是一个词袋，而不是一个句子。 </translation>
    </message>
    <message>
        <source>Press “Shuffle words”. Attention by itself does not see word order: only position information added to the embeddings can tell “not good, bad” from “bad, not good”.</source>
        <translation>请按“打乱词序”。注意力本身看不到词序：只有加到嵌入上的位置信息，才能区分“不好，很差”和“很差，不好”。</translation>
    </message>
    <message>
        <source>&lt;b&gt;This model adds a %1,&lt;/b&gt; so word order matters: the prediction and the attention change when the words move. </source>
        <translation>&lt;b&gt;这个模型加入了%1，&lt;/b&gt;所以词序有影响：词的位置一变，预测和注意力都会随之改变。 </translation>
    </message>
    <message>
        <source>&lt;b&gt;This model has a %1,&lt;/b&gt; yet this shuffle changed nothing visible. </source>
        <translation>&lt;b&gt;这个模型有%1，&lt;/b&gt;但这次打乱并没有带来明显的变化。 </translation>
    </message>
</context>
</TS>
